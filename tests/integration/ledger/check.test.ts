/**
 * `checkLedger` sees each kind of corruption: every invariant gets a ledger planted with exactly that
 * damage (raw SQL, constraints bypassed where they would refuse it) and must fire, and no other must.
 * The per-asset sum is implied by the others (every entry belongs to a transfer with two balanced entries
 * on accounts of its asset, every balance is the fold of its entries), so no corruption breaks it alone:
 * its plant breaks the fold too. Both databases.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import { INVARIANTS } from '../../../src/server/ledger/checkQueries';
import { checkLedger, createLedger, ensureGenesis, getAccount, playerAccount, systemAccount } from '../../../src/server/ledger/index';

interface Seeded {
  t: TestDb;
  alice: number;
  bob: number;
  /** Runs raw SQL on the database, outside any transaction. */
  exec(q: ReturnType<typeof sql>): Promise<unknown>;
  /** Lets the next writes store what a CHECK constraint (named on PostgreSQL) would refuse. */
  bypassCheck(pgConstraint: string): Promise<void>;
  /** Lets the next updates of transfers name accounts that do not exist (the keys' checks off). */
  bypassKeys(): Promise<void>;
}

/** A small healthy ledger: funding, two transfers, an open pending, a voided one. */
async function seed(dialect: 'sqlite' | 'postgres'): Promise<Seeded> {
  const clock = manualClock();
  const t = await createTestDb(dialect, inject('pgAdminUrl'));
  const ledger = createLedger(t.db, clock);
  await ensureGenesis(t.db, clock);
  const [reserve, alice, bob] = await ledger.run(async (tx) => [
    await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
    await playerAccount(tx, 1, 'ANGLS'),
    await playerAccount(tx, 2, 'ANGLS'),
  ]);
  await ledger.transferBatch([
    { id: 'fund', debit: reserve, credit: alice, amount: 1000n, code: 'test' },
    { id: 'a-b', debit: alice, credit: bob, amount: 300n, code: 'test' },
    { id: 'a-b-2', debit: alice, credit: bob, amount: 20n, code: 'test' },
    { kind: 'pending', id: 'hold', debit: alice, credit: bob, amount: 100n, timeoutMs: 60_000, code: 'test' },
    { kind: 'pending', id: 'held', debit: alice, credit: bob, amount: 50n, timeoutMs: 60_000, code: 'test' },
    { kind: 'void', id: 'held-void', pendingId: 'held' },
  ]);
  const exec = (q: ReturnType<typeof sql>) => q.execute(t.db.kysely);
  const bypassCheck = async (pgConstraint: string) => {
    if (dialect === 'sqlite') t.db.sqlite!.pragma('ignore_check_constraints = ON');
    else await exec(sql`alter table ledger_accounts drop constraint ${sql.ref(pgConstraint)}`);
  };
  const bypassKeys = async () => {
    if (dialect === 'sqlite') t.db.sqlite!.pragma('foreign_keys = OFF');
    else await exec(sql`alter table ledger_transfers disable trigger ledger_transfers_keys_exist_update`);
  };
  return { t, alice, bob, exec, bypassCheck, bypassKeys };
}

type Plant = (s: Seeded) => Promise<unknown>;

/** Each invariant's key, and the corruption that breaks it (and, for `sum`, the one other it implies). */
const PLANTS: [key: string, also: string[], plant: Plant][] = [
  ['sum', ['fold'], ({ exec, bob }) => exec(sql`update ledger_accounts set balance = balance + 1 where id = ${bob}`)],
  ['fold', [], ({ exec, bob }) => exec(sql`update ledger_accounts set version = version + 1 where id = ${bob}`)],
  [
    'chain',
    [],
    ({ exec, bob }) =>
      // Shifts bob's first entry: still before + amount = after, but it no longer starts from zero.
      exec(sql`update ledger_entries set before_balance = before_balance + 7, after_balance = after_balance + 7
      where account_id = ${bob} and account_version = 1`),
  ],
  [
    'sign',
    [],
    async (s) => {
      // A complete, balanced overdraft: carol pays bob 5 she never had. Only the sign rule is broken.
      const carol = await createLedger(s.t.db, manualClock()).run((tx) => playerAccount(tx, 3, 'ANGLS'));
      const bob = (await getAccount(s.t.db.kysely, s.bob))!;
      await s.bypassCheck('ledger_accounts_not_negative');
      await s.exec(sql`insert into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, code, created_at)
      values ('overdraft', 'overdraft', 'posted', ${carol}, ${s.bob}, 'ANGLS', 5, 'test', 0)`);
      await s.exec(sql`insert into ledger_entries (account_id, account_version, transfer_id, amount, before_balance, after_balance, created_at)
      values (${carol}, 1, 'overdraft', -5, 0, -5, 0), (${s.bob}, ${bob.version + 1}, 'overdraft', 5, ${bob.balance}, ${bob.balance + 5n}, 0)`);
      await s.exec(sql`update ledger_accounts set balance = -5, version = 1 where id = ${carol}`);
      await s.exec(sql`update ledger_accounts set balance = balance + 5, version = version + 1 where id = ${s.bob}`);
    },
  ],
  [
    'resolved-once',
    [],
    async ({ exec, alice, bob }) => {
      await exec(sql`drop index ledger_transfers_pending_id`);
      await exec(sql`insert into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, pending_id, code, created_at)
      values ('held-void-again', 'held-void-again', 'void', ${alice}, ${bob}, 'ANGLS', 50, 'held', 'test', 0)`);
    },
  ],
  [
    'resolution',
    [],
    ({ exec, alice, bob }) =>
      // A void of a transfer that was never pending.
      exec(sql`insert into ledger_transfers (id, batch_id, kind, debit_account_id, credit_account_id, asset, amount, pending_id, code, created_at)
      values ('bogus-void', 'bogus-void', 'void', ${alice}, ${bob}, 'ANGLS', 300, 'a-b', 'test', 0)`),
  ],
  [
    'pending-columns',
    [],
    async ({ exec, alice, bob }) => {
      // Balanced between the two accounts (the per-asset sums still agree), but no pending transfer backs it.
      await exec(sql`update ledger_accounts set debits_pending = debits_pending + 3 where id = ${alice}`);
      await exec(sql`update ledger_accounts set credits_pending = credits_pending + 3 where id = ${bob}`);
    },
  ],
  ['open-pendings', [], ({ exec }) => exec(sql`delete from ledger_open_pendings where transfer_id = 'hold'`)],
  ['entries', [], ({ exec }) => exec(sql`update ledger_transfers set amount = 301 where id = 'a-b'`)],
  ['orphans', [], ({ exec }) => exec(sql`update ledger_transfers set asset = 'USDC' where id = 'a-b'`)],
  [
    'orphans',
    [],
    async ({ exec, bypassKeys }) => {
      // A voided pending and its void, both now naming an account that does not exist: no entry, no open reservation.
      await bypassKeys();
      await exec(sql`update ledger_transfers set credit_account_id = 999999 where id in ('held', 'held-void')`);
    },
  ],
];

describe.each(dialectsFor(inject('pgAdminUrl')))('checkLedger on %s', (dialect) => {
  let s: Seeded | undefined;
  afterEach(async () => {
    await destroyQuietly(s?.t);
    s = undefined;
  });

  it('has a plant for every invariant', () => {
    expect([...new Set(PLANTS.map(([key]) => key))].sort()).toEqual(INVARIANTS.map((i) => i.key).sort());
  });

  it('passes the healthy ledger', async () => {
    s = await seed(dialect);
    const report = await checkLedger(s.t.db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it.each(PLANTS)('sees a planted break of "%s" and nothing else', async (key, also, plant) => {
    s = await seed(dialect);
    await plant(s);
    const report = await checkLedger(s.t.db);
    expect(report.ok).toBe(false);
    expect(report.broken, report.violations.join('\n')).toEqual(INVARIANTS.map((i) => i.key).filter((k) => k === key || also.includes(k)));
  });
});
