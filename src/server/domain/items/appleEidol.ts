/**
 * `POST /api/oogles/{id}/apple {amount}` (spec 2 §4, ECONOMY.md "Feed"): each Precision Apple adds 24 h
 * to the eidol's apple boost (one more risk decimal while it runs), counted from now or from the end of a
 * boost still running; the apples go to `consumed`. One batch.
 */
import { itemAsset } from '../../../shared/money/assets';
import { playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { eidolValue } from '../eidols/eidolRepo';
import { toEidolView } from '../eidols/eidolView';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import { checkReady, itemsHeld, lockOwnEidol, lockRoundOpen, readAmount, refuse, type ActionRequest } from './actionGuard';
import { ACTION_ITEMS, APPLE_MS } from './itemActionsConfig';
import { CANNOT_FEED_ECTO, CANNOT_FEED_EGGS, NO_EIDOL_TO_FEED, NOT_ENOUGH_APPLES, SPECIFY_FEED } from './itemTexts';
import { runAction, type ActionResult } from './runAction';

async function appleIn(tx: LedgerTx, req: ActionRequest, amount: bigint, opId: string): Promise<ActionResult> {
  const open = await lockRoundOpen(tx, req.receivedAt);
  const held = await itemsHeld(tx, req.userId, ACTION_ITEMS.apple);
  if (amount > held) throw refuse(NOT_ENOUGH_APPLES, 'amount');
  const row = await lockOwnEidol(tx, req.userId, req.eidolId, NO_EIDOL_TO_FEED);
  if (row.type === 'egg') throw refuse(CANNOT_FEED_EGGS);
  if (row.type === 'ectoplasm') throw refuse(CANNOT_FEED_ECTO);
  checkReady(row, open);

  const asset = itemAsset(ACTION_ITEMS.apple);
  await transferBatch(tx, [
    {
      id: `apple:${opId}:apples`,
      debit: await playerAccount(tx, req.userId, asset),
      credit: await systemAccount(tx, 'consumed', asset),
      amount,
      code: 'apple',
      ref: String(row.id),
    },
  ]);
  const from = Math.max(tx.now, row.apple_until ?? 0);
  const set = { apple_until: from + APPLE_MS * Number(amount), updated_at: tx.now };
  await tx.kysely.updateTable('eidols').set(set).where('id', '=', row.id).execute();
  return { oogle: toEidolView({ ...row, ...set }, await eidolValue(tx.kysely, row.id)) };
}

/** Feeds `rawAmount` Precision Apples to the player's eidol; a refusal writes nothing. */
export async function appleEidol(
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
    (tx, opId) => appleIn(tx, req, amount, opId),
    () => refuse(NOT_ENOUGH_APPLES, 'amount'),
  );
}
