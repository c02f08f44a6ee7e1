/**
 * `POST /api/oogles/{id}/pop` (ECONOMY.md "Pop"): the eidol is cashed in, value × (0.74 + 0.02 × level) to
 * the player's ANGLS and the rest to the mining pool, and closes (as Confirm Loss closes one). One batch.
 */
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { formatUnits } from '../../../shared/money/format';
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
import { checkReady, lockOwnEidol, lockRoundOpen, refuse, type ActionRequest } from './actionGuard';
import { potencyShare } from './itemActionsConfig';
import { CANNOT_POP_ECTO, CANNOT_POP_EGGS, NO_EIDOL_TO_POP, NOTHING_TO_POP } from './itemTexts';
import { runAction, type ActionResult } from './runAction';

async function popIn(tx: LedgerTx, req: ActionRequest, opId: string): Promise<ActionResult> {
  const open = await lockRoundOpen(tx, req.receivedAt);
  const row = await lockOwnEidol(tx, req.userId, req.eidolId, NO_EIDOL_TO_POP);
  if (row.type === 'egg') throw refuse(CANNOT_POP_EGGS);
  if (row.type === 'ectoplasm') throw refuse(CANNOT_POP_ECTO);
  // Read under the eidol's lock and the round's: the value paid out is the value at the close.
  const value = await eidolValue(tx.kysely, row.id);
  if (value <= 0n) throw refuse(NOTHING_TO_POP);
  checkReady(row, open);

  const paid = potencyShare(value, row.level);
  const eidol = await eidolAccount(tx, row.id);
  const ref = String(row.id);
  const legs: TransferInput[] = [];
  if (paid > 0n)
    legs.push({
      id: `pop:${opId}:paid`,
      debit: eidol,
      credit: await playerAccount(tx, req.userId, 'ANGLS'),
      amount: paid,
      code: 'pop',
      ref,
    });
  if (value > paid)
    legs.push({
      id: `pop:${opId}:pool`,
      debit: eidol,
      credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
      amount: value - paid,
      code: 'pop',
      ref,
    });
  await transferBatch(tx, legs);
  await tx.kysely.updateTable('eidols').set({ closed_at: tx.now, updated_at: tx.now }).where('id', '=', row.id).execute();
  return {
    oogle: toEidolView({ ...row, closed_at: tx.now, updated_at: tx.now }, 0n),
    paid: formatUnits(paid, CURRENCY_ASSETS.ANGLS.scale),
  };
}

/** Pops the player's eidol: pays its potency share and closes it; a refusal writes nothing. */
export function popEidol(ledger: Ledger, req: ActionRequest, ref: RequestRef | undefined): Promise<RequestOutcome<ActionResult>> {
  return runAction(ledger, req.userId, ref, (tx, opId) => popIn(tx, req, opId));
}
