/**
 * Periodic jobs run on one node: the leader lock (a PostgreSQL session advisory lock) is held by one of
 * two nodes sharing a database, and the other takes over when the leader closes or its session dies.
 * On SQLite the one process is the leader.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { manualClock } from '../../src/server/clock';
import { openPostgres, type Db } from '../../src/server/db/database';
import { LOCK_CLASS, createLeaderLock } from '../../src/server/db/leaderLock';
import { createLedger, ensureGenesis, playerAccount, systemAccount } from '../../src/server/ledger/index';
import { createTestDb, type TestDb } from '../support/testDb';
import { destroyQuietly } from './ledger/support/teardown';

// A node tries again each time its clock passes a retry, and a try is a query: on a loaded machine the
// terminated backend may still hold its lock at the first try, and answers take longer than waitFor's
// default second. So the waits below move the clock on at each attempt, with time to spare.
const SETTLE = { timeout: 15_000, interval: 50 };

const pgAdminUrl = inject('pgAdminUrl');

describe('leader lock on sqlite', () => {
  it('makes the one process the leader', async () => {
    const t = await createTestDb('sqlite');
    const lock = createLeaderLock(t.db, 'upkeep', manualClock());
    expect(lock.isLeader()).toBe(true);
    expect(await lock.refresh()).toBe(true);
    await lock.close();
    await t.destroy();
  });
});

describe.runIf(pgAdminUrl)('leader lock on postgres', () => {
  let t: TestDb;
  let other: Db;
  beforeAll(async () => {
    t = await createTestDb('postgres', pgAdminUrl);
    other = openPostgres(t.location, 4, () => {});
  });
  afterAll(async () => {
    await other?.close();
    await destroyQuietly(t);
  });

  it('lets one node lead; when it closes, the other takes over on its next try', async () => {
    const clockA = manualClock();
    const clockB = manualClock();
    const a = createLeaderLock(t.db, 'jobs', clockA, { retryMs: 1000 });
    expect(await a.refresh()).toBe(true);
    const b = createLeaderLock(other, 'jobs', clockB, { retryMs: 1000 });
    const changes: boolean[] = [];
    b.onChange((v) => changes.push(v));
    expect(await b.refresh()).toBe(false);
    clockB.advance(5000);
    expect(await b.refresh()).toBe(false);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    // Another name is another lock.
    const rounds = createLeaderLock(other, 'rounds', clockB);
    expect(await rounds.refresh()).toBe(true);
    await rounds.close();

    await a.close();
    expect(a.isLeader()).toBe(false);
    await vi.waitFor(() => {
      clockB.advance(1000); // b's periodic try
      expect(b.isLeader()).toBe(true);
    }, SETTLE);
    expect(changes).toEqual([true]);
    await b.close();
  });

  it("fails over when the leader's session dies without closing", async () => {
    const clockA = manualClock();
    const clockB = manualClock();
    const a = createLeaderLock(t.db, 'jobs', clockA, { retryMs: 1000 });
    expect(await a.refresh()).toBe(true);
    const b = createLeaderLock(other, 'jobs', clockB, { retryMs: 1000 });
    expect(await b.refresh()).toBe(false);
    // The leader's connection is cut (a crashed node, a network cut): PostgreSQL ends the session and its lock.
    // Only in this test's database: other runs (and other test files) share the PostgreSQL server.
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid)) as n from pg_locks
      where locktype = 'advisory' and granted and classid::bigint = ${LOCK_CLASS}
        and database = (select oid from pg_database where datname = current_database())`.execute(other.kysely);
    expect(Number(rows[0]!.n)).toBe(1);
    await vi.waitFor(() => {
      clockB.advance(1000);
      expect(b.isLeader()).toBe(true);
    }, SETTLE);
    // The old leader learns it on its own next try and steps down (it cannot take the lock back).
    await vi.waitFor(() => {
      clockA.advance(1000);
      expect(a.isLeader()).toBe(false);
    }, SETTLE);
    expect(await a.refresh()).toBe(false);
    // The dead session was the lock's own connection: the old leader's query pool never hands it out, so
    // every one of its connections still answers at the first try.
    const answers = await Promise.all(Array.from({ length: 12 }, () => sql<{ one: number }>`select 1 as one`.execute(t.db.kysely)));
    expect(answers.map((r) => r.rows[0]?.one)).toEqual(Array(12).fill(1));
    await a.close();
    await b.close();
  });

  it("runs the app's upkeep on the leader only, and on the other app once the leader closes", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-leader-'));
    const config = { ...loadConfig({}), dataDir };
    const apps: BuiltApp[] = [];
    try {
      const clockA = manualClock(Date.now());
      const clockB = manualClock(Date.now());
      const a = await createApp({ config, db: t.db, clock: clockA });
      await a.app.ready();
      apps.push(a);
      const b = await createApp({ config, db: other, clock: clockB });
      await b.app.ready();
      apps.push(b);

      // Reservations already overdue by both apps' clocks (booked an hour in the past).
      const past = manualClock(Date.now() - 3_600_000);
      const ledger = createLedger(t.db, past);
      await ensureGenesis(t.db, past);
      const [genesis, player] = await ledger.run(async (tx) => [
        await systemAccount(tx, 'genesis', 'ANGLS'),
        await playerAccount(tx, 1, 'ANGLS'),
      ]);
      const hold = (id: string) =>
        ledger.transfer({ kind: 'pending', id, debit: player, credit: genesis, amount: 1n, timeoutMs: 60_000, code: 'test' });
      await ledger.transfer({ id: 'fund', debit: genesis, credit: player, amount: 10n, code: 'test' });
      const open = async () =>
        (await t.db.kysely.selectFrom('ledger_open_pendings').select('transfer_id').execute()).map((r) => r.transfer_id);

      await hold('hold-1');
      await b.upkeep();
      expect(await open()).toEqual(['hold-1']); // not the leader: it swept nothing
      await a.upkeep();
      expect(await open()).toEqual([]);

      await hold('hold-2');
      clockB.advance(60_000); // b's own timers fire (expiry sweep, lock retry): still not the leader
      await b.upkeep();
      expect(await open()).toEqual(['hold-2']);

      await a.app.close();
      apps.shift();
      await vi.waitFor(async () => {
        clockB.advance(10_000); // b's next try takes the lock
        await b.upkeep();
        expect(await open()).toEqual([]);
      }, SETTLE);
    } finally {
      for (const x of apps) await x.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
