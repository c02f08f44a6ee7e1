/** Reads every gDAO action shares: the round-open rule and what an account can spend. */
import { getAccount, type LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { ROUND_LOCKED } from '../eidols/eidolTexts';
import { lockRoundOpen } from '../items/actionGuard';

/**
 * Takes the round lock the item actions take (`lockRoundOpen`, src/server/domain/items/actionGuard.ts:
 * first in the transaction, so settlement and an action never wait on each other in a cycle) and answers
 * whether the request, arrived at `receivedAt`, came while the round was open. Refuse with
 * `refuseUnlessOpen` after the action's own checks.
 */
export function roundOpenAt(tx: LedgerTx, receivedAt: number): Promise<boolean> {
  return lockRoundOpen(tx, receivedAt);
}

/** "Locked for Aeon Computing" unless the round was open (as the item actions answer it). */
export function refuseUnlessOpen(open: boolean): void {
  if (!open) throw new AppError(422, ROUND_LOCKED, { round: [ROUND_LOCKED] });
}

/** What account `id` can spend now (balance − reservations); 0 for an unknown account. */
export async function spendable(tx: LedgerTx, id: number): Promise<bigint> {
  const acc = await getAccount(tx.kysely, id);
  return acc ? acc.balance - acc.debitsPending : 0n;
}
