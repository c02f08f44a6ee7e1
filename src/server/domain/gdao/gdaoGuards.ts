/** Reads every gDAO action shares: the round-open rule and what an account can spend. */
import { getAccount, type LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { roundPhase } from '../rounds/currentRound';
import { ROUND_LOCKED } from '../eidols/eidolTexts';

/**
 * Refuses with "Locked for Aeon Computing" unless the current round is open at `now`. On PostgreSQL the
 * round row is read `for share`: settlement takes it `for update`, so it waits for this transaction and
 * never snapshots an eidol half-changed; SQLite's BEGIN IMMEDIATE already serialises them.
 */
export async function requireRoundOpen(tx: LedgerTx, now: number): Promise<void> {
  const round = await tx.kysely
    .selectFrom('rounds')
    .select(['id', 'can_act_before', 'ends_at'])
    .where('settled_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .$if(tx.dialect === 'postgres', (q) => q.forShare())
    .executeTakeFirst();
  if (!round || roundPhase(round, now) !== 'open') throw new AppError(422, ROUND_LOCKED);
}

/** What account `id` can spend now (balance − reservations); 0 for an unknown account. */
export async function spendable(tx: LedgerTx, id: number): Promise<bigint> {
  const acc = await getAccount(tx.kysely, id);
  return acc ? acc.balance - acc.debitsPending : 0n;
}
