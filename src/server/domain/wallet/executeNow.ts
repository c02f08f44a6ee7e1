/**
 * One approve press of a wallet action as a transaction created and committed in one ledger commit
 * (runTransactionNow), once per Idempotency-Key when sent; the player's waiting fee quotes are used up by it,
 * and the owner hears the outcome after the commit.
 */
import { isLedgerError, type Ledger, type LedgerError } from '../../ledger/index';
import type { TransactionView } from '../../../shared/api/transactions';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import type { Stored } from '../requests/storedJson';
import { consumeFeeQuotes } from './feePrecalc';
import { runTransactionNow, transactionViewOf, type NewTransaction, type TransactionUpdateListener } from '../transactions/index';

/** The answer of an action: the transaction as its owner sees it and its kind's result (decimal strings). */
export interface ActionAnswer {
  transaction: TransactionView;
  result: Stored;
  [key: string]: Stored;
}

/**
 * Runs `input` now. `refusalOf` turns a ledger overdraft (a concurrent request spent the money between
 * the kind's checks and the ledger's locked ones) into the spec's refusal.
 */
export async function executeNow(
  ledger: Ledger,
  input: NewTransaction,
  ref: RequestRef | undefined,
  refusalOf: (err: LedgerError) => Error,
  onUpdate?: TransactionUpdateListener,
): Promise<RequestOutcome<ActionAnswer>> {
  let outcome: RequestOutcome<ActionAnswer>;
  try {
    outcome = await ledger.run((tx) =>
      withOptionalRequestRecord(tx, input.userId, ref, async () => {
        // The player's row first (PostgreSQL): the transaction row's foreign key takes a share lock on it, so
        // a kind that locks the user after that insert would deadlock with a concurrent twin doing the same.
        // `for no key update`, not `for update`: the Idempotency-Key's record (request_records) was inserted
        // before this, and its foreign key's key-share lock must not block us, or two keyed requests of one
        // player deadlock on the upgrade (again on every retry). It still serialises the player's requests.
        await tx.kysely
          .selectFrom('users')
          .select('id')
          .where('id', '=', input.userId)
          .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
          .execute();
        const record = await runTransactionNow(tx, input);
        await consumeFeeQuotes(tx, input.userId, record.id);
        return { transaction: transactionViewOf(record), result: record.result };
      }),
    );
  } catch (err) {
    if (isLedgerError(err, 'exceeds_balance')) throw refusalOf(err);
    throw err;
  }
  if (!outcome.replayed) onUpdate?.(input.userId, outcome.result.transaction);
  return outcome;
}
