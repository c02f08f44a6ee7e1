/**
 * A test-only transaction kind: `test:pay` moves `amount` ANGLS from the owner to player `to` through the
 * ledger, so a second application would show in both balances. With `fresh`, each run uses a transfer id
 * of its own (unlike a real feature), so only the transaction's own guard keeps it to one payment.
 * Plus funding and a user row helper.
 */
import crypto from 'node:crypto';
import { createLedger, playerAccount, systemAccount, transfer, getAccount, type Ledger } from '../../../../src/server/ledger/index';
import { AppError } from '../../../../src/server/domain/errors';
import { createTransaction, registerTransactionKind, type TransactionRecord } from '../../../../src/server/domain/transactions/index';
import type { Db } from '../../../../src/server/db/database';
import type { Clock } from '../../../../src/server/clock';

/** The kind's name. */
export const TEST_PAY = 'test:pay';
/** The refusal text of the kind when the payer lacks the amount. */
export const TEST_PAY_REFUSED = 'Insufficent ANGLS balance';

registerTransactionKind(TEST_PAY, {
  async commit(tx, record: TransactionRecord) {
    const { to, amount, fresh } = record.payload as { to: number; amount: bigint; fresh?: boolean };
    const from = await playerAccount(tx, record.userId, 'ANGLS');
    const have = (await getAccount(tx.kysely, from))!.balance;
    if (have < amount) throw new AppError(422, TEST_PAY_REFUSED);
    await transfer(tx, {
      id: fresh ? `${TEST_PAY}:${crypto.randomUUID()}` : `${TEST_PAY}:${record.id}`,
      debit: from,
      credit: await playerAccount(tx, to, 'ANGLS'),
      amount,
      code: 'test-pay',
    });
    return { result: { paid: amount } };
  },
});

/** Issues `amount` ANGLS units to `userId` from genesis. */
export async function fund(ledger: Ledger, userId: number, amount: bigint, tag: string): Promise<void> {
  await ledger.run(async (tx) => {
    await transfer(tx, {
      id: `test-fund:${tag}`,
      debit: await systemAccount(tx, 'genesis', 'ANGLS'),
      credit: await playerAccount(tx, userId, 'ANGLS'),
      amount,
      code: 'test-fund',
    });
  });
}

/** A player's posted ANGLS balance in units. */
export async function anglsOf(ledger: Ledger, userId: number): Promise<bigint> {
  return ledger.run(async (tx) => (await getAccount(tx.kysely, await playerAccount(tx, userId, 'ANGLS')))!.balance);
}

/** Precalculates a `test:pay` of `amount` from `userId` to `to` (what a feature's stage 0 would do). */
export async function precalcPay(
  db: Db,
  clock: Clock,
  userId: number,
  to: number,
  amount: bigint,
  opts: { ttlMs?: number; fresh?: boolean } = {},
): Promise<TransactionRecord> {
  const payload = { to, amount, fresh: opts.fresh ?? false };
  return createLedger(db, clock).run((tx) =>
    createTransaction(tx, { userId, kind: TEST_PAY, payload, fee: { bnb: 1_000_000n }, ttlMs: opts.ttlMs }),
  );
}

/** Inserts a bare player row (for domain tests that need no HTTP); answers its id. */
export async function insertUser(db: Db, name: string, now: number): Promise<number> {
  const row = await db.kysely
    .insertInto('users')
    .values({
      name,
      email: `${name}@example.com`,
      email_normalized: `${name}@example.com`,
      password_hash: 'x',
      investor_skin_id: 1,
      ref_code: name,
      ws_auth_token: `ws-${name}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
