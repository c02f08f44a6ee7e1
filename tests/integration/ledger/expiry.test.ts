/**
 * The expiry sweep's cost follows the open reservations, not history: resolved pendings leave
 * `ledger_open_pendings` in their resolution's commit, so the sweep never visits them; and a backlog is
 * expired in bounded batches, each committed on its own. Both databases.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { destroyQuietly } from './support/teardown';
import { fundedPair } from './support/fundedPair';
import { dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import type { Database } from '../../../src/server/db/schema';
import { overduePendings } from '../../../src/server/ledger/expiry';
import { EXPIRY_BATCH, checkLedger, type Ledger, type TransferInput } from '../../../src/server/ledger/index';

/** Rows the database visits to answer `query` (PostgreSQL: EXPLAIN ANALYZE of every scan node). */
async function rowsVisitedPg(k: Kysely<Database>, query: { sql: string; parameters: readonly unknown[] }): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json) ${sql.raw(
    query.sql.replace(/\$(\d+)/g, (_, i) => {
      const v = query.parameters[Number(i) - 1];
      return typeof v === 'string' ? `'${v}'` : String(v);
    }),
  )}`.execute(k);
  interface PlanNode {
    'Node Type': string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    Plans?: PlanNode[];
  }
  const plan = (rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
  let visited = 0;
  const walk = (n: PlanNode) => {
    if (/Scan/.test(n['Node Type'])) visited += (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'];
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan);
  return visited;
}

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger expiry on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();
  let alice: number, bob: number;

  const pendings = (prefix: string, n: number, timeoutMs: number): TransferInput[] =>
    Array.from({ length: n }, (_, i) => ({
      kind: 'pending',
      id: `${prefix}${i}`,
      debit: alice,
      credit: bob,
      amount: 1n,
      timeoutMs,
      code: 'test',
    }));
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(t.db.kysely)).rows[0]!.n);

  beforeAll(async () => {
    ({ t, ledger, alice, bob } = await fundedPair(dialect, inject('pgAdminUrl'), clock, 1_000_000n));
  });
  afterAll(() => destroyQuietly(t));

  it('lists a pending while it is open: never when resolved in its own batch, and not after its resolution', async () => {
    const open = async () => await t.db.kysely.selectFrom('ledger_open_pendings').select(['transfer_id', 'expires_at']).execute();
    await ledger.transferBatch([
      { kind: 'pending', id: 'same-batch', debit: alice, credit: bob, amount: 5n, timeoutMs: 1000, code: 'test' },
      { kind: 'post', id: 'same-batch-post', pendingId: 'same-batch', amount: 2n },
      { kind: 'pending', id: 'later', debit: alice, credit: bob, amount: 5n, timeoutMs: 1000, code: 'test' },
    ]);
    expect(await open()).toEqual([{ transfer_id: 'later', expires_at: clock.now() + 1000 }]);
    await ledger.transfer({ kind: 'void', id: 'later-void', pendingId: 'later' });
    expect(await open()).toEqual([]);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it('never visits resolved pendings: the sweep reads only the open ones', async () => {
    const resolvedCount = 600;
    await ledger.transferBatch(pendings('old', resolvedCount, 1000));
    await ledger.transferBatch(
      Array.from({ length: resolvedCount }, (_, i) => ({ kind: 'void' as const, id: `old-void${i}`, pendingId: `old${i}` })),
    );
    await ledger.transferBatch(pendings('open', 10, 1000));
    clock.advance(5000); // every one of the 610 is past its deadline; only 10 are unresolved

    expect(
      await count(sql`select count(*) as n from ledger_transfers where kind = 'pending' and (id like 'old%' or id like 'open%')`),
    ).toBe(resolvedCount + 10);
    expect(await count(sql`select count(*) as n from ledger_open_pendings`)).toBe(10);
    const query = overduePendings(clock.now(), EXPIRY_BATCH).compile(t.db.kysely);
    if (dialect === 'postgres') {
      expect(await rowsVisitedPg(t.db.kysely, query)).toBeLessThanOrEqual(10);
    } else {
      const plan = t.db.sqlite!.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as (number | string)[])) as {
        detail: string;
      }[];
      const details = plan.map((p) => p.detail).join(' | ');
      expect(details).toMatch(/SEARCH ledger_open_pendings USING (COVERING )?INDEX ledger_open_pendings_expiry/);
      expect(details).not.toMatch(/ledger_transfers/);
    }
    const expired = await ledger.expire();
    expect(expired.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `open${i}`).sort());
    expect(await count(sql`select count(*) as n from ledger_open_pendings`)).toBe(0);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it('expires a large backlog in bounded batches, each committed on its own', async () => {
    const backlog = 4 * EXPIRY_BATCH + 30;
    await ledger.transferBatch(pendings('backlog', backlog, 1000));
    clock.advance(5000);
    const batches: number[] = [];
    const committedAtEachBatch: number[] = [];
    const expired = await ledger.expire({
      onBatch: async (ids) => {
        batches.push(ids.length);
        // Between batches, outside any transaction: each batch is stored before the next one starts.
        committedAtEachBatch.push(await count(sql`select count(*) as n from ledger_transfers where kind = 'expire'`));
      },
    });
    expect(expired).toHaveLength(backlog);
    expect(batches).toEqual([EXPIRY_BATCH, EXPIRY_BATCH, EXPIRY_BATCH, EXPIRY_BATCH, 30]);
    // 10 expiries from the test above, then each batch's.
    expect(committedAtEachBatch).toEqual([1, 2, 3, 4].map((b) => 10 + b * EXPIRY_BATCH).concat(10 + backlog));
    expect(await count(sql`select count(*) as n from ledger_transfers where kind = 'expire'`)).toBe(backlog + 10);
    expect(await count(sql`select count(*) as n from ledger_open_pendings`)).toBe(0);
    expect(await ledger.expire()).toEqual([]);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });
});
