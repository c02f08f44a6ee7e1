/**
 * A restart with other round timings (ROUND_OPEN_SECONDS / ROUND_LOCKED_SECONDS) applies them to the round
 * already open, on both databases: a scheduler started with 15 s rounds while a 10-minute round runs ends
 * that round 15 s + 3 s after its opening, settles it then, and the next round opens with the new timing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manualClock, type ManualClock } from '../../../src/server/clock';
import { createRoundScheduler } from '../../../src/server/domain/rounds/scheduler';
import type { RoundTiming } from '../../../src/server/domain/rounds/openRound';
import { createTestDb, type TestDb } from '../../support/testDb';
import { destroyQuietly } from '../ledger/support/teardown';
import { startRoundChain, type RoundChain } from '../../support/chain';

const pgAdminUrl = inject('pgAdminUrl');
const long: RoundTiming = { openMs: 600_000, lockedMs: 60_000 };
const short: RoundTiming = { openMs: 15_000, lockedMs: 3_000 };

describe.each(['sqlite', 'postgres'] as const)('a restart with new round timings on %s', (dialect) => {
  const enabled = dialect === 'sqlite' || Boolean(pgAdminUrl);
  let t: TestDb;
  let clock: ManualClock;
  let rc: RoundChain;
  const warnings: string[] = [];
  const log = {
    error: (obj: unknown, msg: string) => console.error(msg, obj),
    warn: (_obj: unknown, msg: string) => void warnings.push(msg),
  };
  const start = (timing: RoundTiming) =>
    createRoundScheduler({ db: t.db, clock, timing, chainLength: 4, blocks: rc.blocks, onSettled: () => {}, log });
  const rounds = () =>
    t.db.kysely.selectFrom('rounds').select(['id', 'opens_at', 'can_act_before', 'ends_at', 'settled_at']).orderBy('id').execute();

  beforeAll(async () => {
    if (!enabled) return;
    rc = await startRoundChain();
    t = await createTestDb(dialect, pgAdminUrl);
    clock = manualClock(Date.UTC(2026, 5, 1));
  });
  afterAll(async () => {
    await destroyQuietly(t);
    await rc?.close();
  });

  it.runIf(enabled)('ends the open round by the new timing, says so, and opens the next with it', async () => {
    const first = start(long);
    await first.idle();
    const opened = clock.now();
    expect(await rounds()).toEqual([
      { id: 1, opens_at: opened, can_act_before: opened + 600_000, ends_at: opened + 660_000, settled_at: null },
    ]);
    await first.close();

    clock.advance(5_000);
    const second = start(short);
    await second.idle();
    expect(await rounds()).toEqual([
      { id: 1, opens_at: opened, can_act_before: opened + 15_000, ends_at: opened + 18_000, settled_at: null },
    ]);
    expect(warnings).toEqual([`round 1 follows the new round timing: it now ends at ${new Date(opened + 18_000).toISOString()}`]);

    clock.set(opened + 18_000);
    await second.idle();
    const [r1, r2] = await rounds();
    expect(r1!.settled_at).toBe(opened + 18_000);
    expect(r2).toMatchObject({
      id: 2,
      opens_at: opened + 18_000,
      can_act_before: opened + 33_000,
      ends_at: opened + 36_000,
      settled_at: null,
    });
    await second.close();

    // A restart on the same timing changes nothing and says nothing.
    const third = start(short);
    await third.idle();
    expect((await rounds())[1]).toEqual(r2);
    expect(warnings).toHaveLength(1);
    await third.close();
  });
});
