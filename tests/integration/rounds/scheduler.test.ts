/**
 * The round scheduler on a manual clock, on both databases: the settlement boundary (ends_at − 1 ms vs
 * ends_at), a restart mid-round, catch-up after a long downtime (one settlement, the next round from
 * now), and a crash between settlement and announcement (never settled twice).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manualClock, type ManualClock } from '../../../src/server/clock';
import { createRoundScheduler, type RoundScheduler } from '../../../src/server/domain/rounds/scheduler';
import { settleDue, type SettledRound } from '../../../src/server/domain/rounds/settleDue';
import { checkLedger, createLedger } from '../../../src/server/ledger/index';
import { createTestDb, type TestDb } from '../../support/testDb';
import { destroyQuietly } from '../ledger/support/teardown';
import { ANGLS, insertEidols, insertPlayer } from './support/world';
import { startRoundChain, type RoundChain } from '../../support/chain';

const pgAdminUrl = inject('pgAdminUrl');
const timing = { openMs: 10_000, lockedMs: 2_000 };
const silentLog = { error: (obj: unknown, msg: string) => console.error(msg, obj), warn: () => {} };

describe.each(['sqlite', 'postgres'] as const)('round scheduler on %s', (dialect) => {
  const enabled = dialect === 'sqlite' || Boolean(pgAdminUrl);
  let t: TestDb;
  let clock: ManualClock;
  const announced: SettledRound[] = [];
  const start = (onSettled: (s: SettledRound) => void = (s) => void announced.push(s)): RoundScheduler =>
    createRoundScheduler({ db: t.db, clock, timing, chainLength: 4, onSettled, log: silentLog, blocks: rc.blocks });
  const rounds = () => t.db.kysely.selectFrom('rounds').selectAll().orderBy('id').execute();
  const entries = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('round_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let rc: RoundChain;
  beforeAll(async () => {
    if (!enabled) return;
    rc = await startRoundChain();
    t = await createTestDb(dialect, pgAdminUrl);
    clock = manualClock(Date.UTC(2026, 5, 1));
    const a = await insertPlayer(t.db, clock.now());
    const b = await insertPlayer(t.db, clock.now(), 0);
    await insertEidols(t.db, clock, [
      { owner: a, risk: '0.25', value: 100n * ANGLS },
      { owner: a, risk: '0.9', value: 50n * ANGLS, yieldy: 10 },
      { owner: b, type: 'egg', risk: '0', value: 100n * ANGLS },
    ]);
  });
  afterAll(async () => {
    await destroyQuietly(t);
    await rc?.close();
  });

  it.runIf(enabled)('writes round 1, and settles it at ends_at, not 1 ms before', async () => {
    const s = start();
    await s.idle();
    let [r1] = await rounds();
    expect(r1).toMatchObject({
      id: 1,
      position: 1,
      opens_at: clock.now(),
      can_act_before: clock.now() + 10_000,
      ends_at: clock.now() + 12_000,
      settled_at: null,
    });
    clock.set(r1!.ends_at - 1);
    await s.idle();
    expect((await rounds()).map((r) => r.settled_at)).toEqual([null]);
    clock.advance(1);
    await s.idle();
    const all = await rounds();
    [r1] = all;
    expect(r1!.settled_at).toBe(r1!.ends_at);
    expect(all[1]).toMatchObject({ id: 2, position: 2, opens_at: r1!.ends_at, can_act_before: r1!.ends_at + 10_000, settled_at: null });
    expect(announced.map((a) => [a.roundId, a.nextRoundId, a.participants])).toEqual([[1, 2, 2]]);
    expect(await entries()).toBe(3);
    await s.close();
  });

  it.runIf(enabled)('restarted mid-round, waits for the same ends_at and settles that round once', async () => {
    clock.advance(5000);
    const s = start();
    await s.idle();
    expect((await rounds()).filter((r) => r.settled_at === null).map((r) => r.id)).toEqual([2]);
    const r2 = (await rounds())[1]!;
    clock.set(r2.ends_at);
    await s.idle();
    expect((await rounds()).map((r) => [r.id, r.settled_at])).toEqual([
      [1, (await rounds())[0]!.settled_at],
      [2, r2.ends_at],
      [3, null],
    ]);
    expect(announced.map((a) => a.roundId)).toEqual([1, 2]);
    await s.close();
  });

  it.runIf(enabled)('after a long downtime settles the overdue round once and opens the next from now', async () => {
    const before = await rounds();
    clock.advance(10 * 60 * 60 * 1000); // ten hours down: no timer of a closed scheduler runs
    const now = clock.now();
    const s = start();
    await s.idle();
    const after = await rounds();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-2)).toMatchObject({ id: 3, settled_at: now });
    // Round 3 was the chain's position 3 of 4; round 4 takes position 4 and opens now.
    expect(after.at(-1)).toMatchObject({ id: 4, position: 4, opens_at: now, ends_at: now + 12_000, settled_at: null });
    expect(announced.map((a) => a.roundId)).toEqual([1, 2, 3]);
    await s.close();
  });

  it.runIf(enabled)('does not settle again after a crash between the commit and the announcement', async () => {
    const r4 = (await rounds()).at(-1)!;
    clock.set(r4.ends_at);
    const entriesBefore = await entries();
    // The commit happens, the process dies before announcing (settleDue alone is exactly that).
    const ledger = createLedger(t.db, clock);
    const settled = await settleDue(ledger, { timing, blocks: rc.blocks });
    expect(settled?.roundId).toBe(4);
    expect(await settleDue(ledger, { timing, blocks: rc.blocks })).toBeUndefined();
    const s = start();
    await s.idle();
    clock.advance(1000);
    await s.idle();
    expect(await entries()).toBe(entriesBefore + 3);
    expect(announced.map((a) => a.roundId)).toEqual([1, 2, 3]); // round 4's announcement is lost, not repeated
    // The chain of 4 is used up: round 5 starts a new chain at position 1.
    const all = await rounds();
    expect(all.at(-1)).toMatchObject({ id: 5, position: 1, settled_at: null });
    expect(all.at(-1)!.chain_id).not.toBe(r4.chain_id);
    const chain = await t.db.kysely
      .selectFrom('fairness_chains')
      .selectAll()
      .where('id', '=', all.at(-1)!.chain_id)
      .executeTakeFirstOrThrow();
    expect(chain.first_round_id).toBe(5);
    await s.close();
  });

  it.runIf(enabled)('settles a round once when two settlements race', async () => {
    const r5 = (await rounds()).at(-1)!;
    clock.set(r5.ends_at);
    const ledger = createLedger(t.db, clock);
    const results = await Promise.all([
      settleDue(ledger, { timing, blocks: rc.blocks }),
      settleDue(ledger, { timing, blocks: rc.blocks }),
      settleDue(ledger, { timing, blocks: rc.blocks }),
    ]);
    expect(results.filter((r) => r !== undefined).map((r) => r!.roundId)).toEqual([5]);
    const transfers = await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', 'like', 'round:5:%').execute();
    expect(transfers.length).toBeGreaterThan(0);
    const report = await checkLedger(t.db);
    expect(report.broken).toEqual([]);
  });
});
