/**
 * Two server nodes on one PostgreSQL database, each with the round scheduler on: one leads and settles;
 * when the leader's lock connection dies, the other takes over and settles the next round exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApp, type BuiltApp } from '../../../src/server/app';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { manualClock } from '../../../src/server/clock';
import { loadConfig } from '../../../src/server/config';
import { openPostgres, type Db } from '../../../src/server/db/database';
import { LOCK_CLASS } from '../../../src/server/db/leaderLock';
import { checkLedger } from '../../../src/server/ledger/index';
import { createTestDb, type TestDb } from '../../support/testDb';
import { destroyQuietly } from '../ledger/support/teardown';
import { ANGLS, insertEidols, insertPlayer } from './support/world';

const pgAdminUrl = inject('pgAdminUrl');
const RETRY_MS = 1000;

describe.runIf(pgAdminUrl)('round scheduler on two nodes (postgres)', () => {
  let t: TestDb;
  let otherDb: Db;
  let dataDir: string;
  let rc: RoundChain;
  const nodes: BuiltApp[] = [];
  const clock = manualClock(Date.UTC(2026, 6, 1));
  beforeAll(async () => {
    t = await createTestDb('postgres', pgAdminUrl);
    otherDb = openPostgres(t.location, 4, () => {});
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-rounds-'));
    rc = await startRoundChain();
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    await otherDb?.close();
    await destroyQuietly(t);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await rc?.close();
  });

  const node = async (db: Db) => {
    const config = { ...loadConfig({}), dataDir, roundOpenSeconds: 10, roundLockedSeconds: 2 };
    const built = await createApp({
      config,
      db,
      clock,
      rounds: { enabled: true, chainLength: 10, leaderRetryMs: RETRY_MS, blocks: rc.blocks },
    });
    nodes.push(built);
    return built;
  };
  // Checks read through node b's pool: node a's pool may still hold a connection the cut ended.
  const rounds = () => otherDb.kysely.selectFrom('rounds').select(['id', 'ends_at', 'settled_at']).orderBy('id').execute();
  const entriesOf = async (roundId: number) =>
    Number(
      (
        await otherDb.kysely
          .selectFrom('round_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('round_id', '=', roundId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('settles on the leader only, and fails over when its lock session dies', async () => {
    const player = await insertPlayer(t.db, clock.now());
    await insertEidols(t.db, clock, [
      { owner: player, risk: '0.5', value: 100n * ANGLS },
      { owner: player, risk: '0.05', value: 30n * ANGLS },
    ]);
    const a = await node(t.db);
    await a.rounds!.idle();
    const b = await node(otherDb);
    await b.rounds!.idle();
    expect([a.rounds!.lock.isLeader(), b.rounds!.lock.isLeader()]).toEqual([true, false]);

    const [r1] = await rounds();
    clock.set(r1!.ends_at);
    await Promise.all([a.rounds!.idle(), b.rounds!.idle()]);
    expect((await rounds()).map((r) => [r.id, r.settled_at])).toEqual([
      [1, r1!.ends_at],
      [2, null],
    ]);
    expect(await entriesOf(1)).toBe(2);

    // The leader's connections holding advisory locks are cut (a crashed node, a network cut); only in
    // this test's database: other runs share the PostgreSQL server.
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid)) as n from pg_locks
      where locktype = 'advisory' and granted and classid::bigint = ${LOCK_CLASS}
        and database = (select oid from pg_database where datname = current_database())`.execute(otherDb.kysely);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1);
    clock.advance(RETRY_MS); // each node's periodic try: a finds its session gone, b takes the lock
    await vi.waitFor(async () => {
      await Promise.all([a.rounds!.lock.refresh(), b.rounds!.lock.refresh()]);
      expect([a.rounds!.lock.isLeader(), b.rounds!.lock.isLeader()]).toEqual([false, true]);
    });
    await Promise.all([a.rounds!.idle(), b.rounds!.idle()]);

    const r2 = (await rounds())[1]!;
    clock.set(r2.ends_at);
    await Promise.all([a.rounds!.idle(), b.rounds!.idle()]);
    await vi.waitFor(async () => expect((await rounds()).map((r) => r.id)).toEqual([1, 2, 3]));
    await Promise.all([a.rounds!.idle(), b.rounds!.idle()]);
    expect((await rounds()).map((r) => [r.id, r.settled_at])).toEqual([
      [1, r1!.ends_at],
      [2, r2.ends_at],
      [3, null],
    ]);
    expect(await entriesOf(2)).toBe(2);
    const transfers = await otherDb.kysely.selectFrom('ledger_transfers').select('id').where('id', 'like', 'round:2:%').execute();
    expect(new Set(transfers.map((x) => x.id)).size).toBe(transfers.length);
    expect((await checkLedger(otherDb)).broken).toEqual([]);
  });
});
