/**
 * `POST /api/oogles/{id}/extract {amount}` (spec 2 §5, ECONOMY.md "Extract"): takes `amount` whole ANGLS
 * out of the eidol, the potency share to the player and the rest to the mining pool, consuming one
 * Extraction Extract per ANGLS; the break-even (no_loss_value) drops by the amount. One batch.
 */
import { CURRENCY_ASSETS, itemAsset } from '../../../shared/money/assets';
import { formatUnits } from '../../../shared/money/format';
import { ANGLS_UNIT } from '../../../shared/rules/round/economyConfig';
import {
  eidolAccount,
  playerAccount,
  systemAccount,
  transferBatch,
  type Ledger,
  type LedgerTx,
  type TransferInput,
} from '../../ledger/index';
import { eidolValue } from '../eidols/eidolRepo';
import { toEidolView } from '../eidols/eidolView';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import { checkReady, itemsHeld, lockOwnEidol, lockRoundOpen, readAmount, refuse, type ActionRequest } from './actionGuard';
import { ACTION_ITEMS, EXTRACTS_PER_ANGLS, potencyShare } from './itemActionsConfig';
import { CANNOT_EXTRACT_ECTO, CANNOT_EXTRACT_EGGS, EXTRACTION_TOO_LARGE, NOT_ENOUGH_EXTRACT, SPECIFY_EXTRACTION } from './itemTexts';
import { runAction, type ActionResult } from './runAction';

/** The item leg's index in the batch: a refusal there means a concurrent action spent the Extracts. */
const ITEM_LEG = 0;

async function extractIn(tx: LedgerTx, req: ActionRequest, amount: bigint, opId: string): Promise<ActionResult> {
  const open = await lockRoundOpen(tx, req.receivedAt);
  const row = await lockOwnEidol(tx, req.userId, req.eidolId);
  if (row.type === 'egg') throw refuse(CANNOT_EXTRACT_EGGS);
  if (row.type === 'ectoplasm') throw refuse(CANNOT_EXTRACT_ECTO);
  const units = amount * ANGLS_UNIT;
  const value = await eidolValue(tx.kysely, row.id);
  if (units > value) throw refuse(EXTRACTION_TOO_LARGE, 'amount');
  const items = amount * EXTRACTS_PER_ANGLS;
  if (items > (await itemsHeld(tx, req.userId, ACTION_ITEMS.extract))) throw refuse(NOT_ENOUGH_EXTRACT, 'amount');
  checkReady(row, open);

  const paid = potencyShare(units, row.level);
  const eidol = await eidolAccount(tx, row.id);
  const asset = itemAsset(ACTION_ITEMS.extract);
  const ref = String(row.id);
  const legs: TransferInput[] = [
    {
      id: `extract:${opId}:items`,
      debit: await playerAccount(tx, req.userId, asset),
      credit: await systemAccount(tx, 'consumed', asset),
      amount: items,
      code: 'extract',
      ref,
    },
    { id: `extract:${opId}:paid`, debit: eidol, credit: await playerAccount(tx, req.userId, 'ANGLS'), amount: paid, code: 'extract', ref },
  ];
  if (units > paid)
    legs.push({
      id: `extract:${opId}:pool`,
      debit: eidol,
      credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
      amount: units - paid,
      code: 'extract',
      ref,
    });
  await transferBatch(tx, legs);
  // The break-even never goes below 0 (a CHECK): what was extracted beyond it was winnings.
  const noLoss = row.no_loss_value > units ? row.no_loss_value - units : 0n;
  await tx.kysely.updateTable('eidols').set({ no_loss_value: noLoss, updated_at: tx.now }).where('id', '=', row.id).execute();
  return {
    oogle: toEidolView({ ...row, no_loss_value: noLoss, updated_at: tx.now }, value - units),
    paid: formatUnits(paid, CURRENCY_ASSETS.ANGLS.scale),
  };
}

/** Extracts `rawAmount` whole ANGLS from the player's eidol; a refusal writes nothing. */
export async function extractValue(
  ledger: Ledger,
  req: ActionRequest,
  rawAmount: unknown,
  ref: RequestRef | undefined,
): Promise<RequestOutcome<ActionResult>> {
  const amount = readAmount(rawAmount, SPECIFY_EXTRACTION);
  return runAction(
    ledger,
    req.userId,
    ref,
    (tx, opId) => extractIn(tx, req, amount, opId),
    (err) => (err.index === ITEM_LEG ? refuse(NOT_ENOUGH_EXTRACT, 'amount') : undefined),
  );
}
