/**
 * `POST /api/oogles/{id}/feed {amount}` (spec 2 §5, ECONOMY.md "Feed"): each Golden Cookie moves its
 * backing (1 ANGLS) from `item_backing` into the eidol (+1 value, +1 break-even) and the cookie to
 * `consumed`. One batch.
 */
import { itemAsset } from '../../../shared/money/assets';
import { eidolAccount, playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { eidolValue } from '../eidols/eidolRepo';
import { toEidolView } from '../eidols/eidolView';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import { checkReady, itemsHeld, lockOwnEidol, lockRoundOpen, readAmount, refuse, type ActionRequest } from './actionGuard';
import { ACTION_ITEMS, COOKIE_VALUE_UNITS } from './itemActionsConfig';
import { CANNOT_FEED_ECTO, CANNOT_FEED_EGGS, COOKIE_BACKING_SHORT, NO_EIDOL_TO_FEED, NOT_ENOUGH_COOKIES, SPECIFY_FEED } from './itemTexts';
import { runAction, type ActionResult } from './runAction';

/** Batch order: the cookies first (a refusal there: a concurrent feed ate them), then their backing. */
const COOKIE_LEG = 0;

async function feedIn(tx: LedgerTx, req: ActionRequest, amount: bigint, opId: string): Promise<ActionResult> {
  const open = await lockRoundOpen(tx, req.receivedAt);
  // Spec 2 §5's order: the cookies held are judged before the eidol.
  const held = await itemsHeld(tx, req.userId, ACTION_ITEMS.cookie);
  if (amount > held) throw refuse(NOT_ENOUGH_COOKIES, 'amount');
  const row = await lockOwnEidol(tx, req.userId, req.eidolId, NO_EIDOL_TO_FEED);
  if (row.type === 'egg') throw refuse(CANNOT_FEED_EGGS);
  if (row.type === 'ectoplasm') throw refuse(CANNOT_FEED_ECTO);
  checkReady(row, open);

  const units = amount * COOKIE_VALUE_UNITS;
  const asset = itemAsset(ACTION_ITEMS.cookie);
  const eidol = await eidolAccount(tx, row.id);
  const ref = String(row.id);
  await transferBatch(tx, [
    {
      id: `feed:${opId}:cookies`,
      debit: await playerAccount(tx, req.userId, asset),
      credit: await systemAccount(tx, 'consumed', asset),
      amount,
      code: 'feed',
      ref,
    },
    {
      id: `feed:${opId}:backing`,
      debit: await systemAccount(tx, 'item_backing', 'ANGLS'),
      credit: eidol,
      amount: units,
      code: 'feed',
      ref,
    },
  ]);
  const value = await eidolValue(tx.kysely, row.id);
  const set = { no_loss_value: row.no_loss_value + units, top_value: value > row.top_value ? value : row.top_value, updated_at: tx.now };
  await tx.kysely.updateTable('eidols').set(set).where('id', '=', row.id).execute();
  return { oogle: toEidolView({ ...row, ...set }, value) };
}

/** Feeds `rawAmount` Golden Cookies to the player's eidol; a refusal writes nothing. */
export async function feedEidol(
  ledger: Ledger,
  req: ActionRequest,
  rawAmount: unknown,
  ref: RequestRef | undefined,
): Promise<RequestOutcome<ActionResult>> {
  const amount = readAmount(rawAmount, SPECIFY_FEED);
  return runAction(
    ledger,
    req.userId,
    ref,
    (tx, opId) => feedIn(tx, req, amount, opId),
    (err) =>
      // The backing short is a bookkeeping fault (every cookie sold carries its ANGLS), not the player's.
      err.index === COOKIE_LEG ? refuse(NOT_ENOUGH_COOKIES, 'amount') : new AppError(503, COOKIE_BACKING_SHORT),
  );
}
