/**
 * Outside entropy and anchored verification, on both databases, with the real embedded dev chain:
 *  - rounds booked by the scheduler carry the block after their lock (number at the lock, hash at settlement)
 *    and T = HMAC(round hash, block hash); the anchored verifier (the /fairness page's and `npm run verify`'s)
 *    passes them, with an eidol fed between rounds;
 *  - a forged round (hash X, previous_hash = sha256(X), entries settled honestly under X) and a broken
 *    continuity (a value before that is not the value after its last round) are refused — while the old
 *    same-response check (`verifyRound` without an anchor, what the page ran before) approved both;
 *  - with the chain's RPC down no round settles, until it returns;
 *  - a settlement that crashes after the block read and is retried gets the same T.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manualClock, type ManualClock } from '../../../src/server/clock';
import { roundBlocksAt } from '../../../src/server/chain/roundBlocks';
import { createRoundScheduler } from '../../../src/server/domain/rounds/scheduler';
import { settleDue } from '../../../src/server/domain/rounds/settleDue';
import { databaseSource } from '../../../src/server/domain/fairness/verifyBooked';
import { eidolAccount, createLedger, systemAccount, transfer } from '../../../src/server/ledger/index';
import { blockThresholdUnits, nextChainHash, thresholdDecimal, walkToCommitment } from '../../../src/shared/rules/fairness';
import { ECONOMY_CONFIG } from '../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../src/shared/rules/round/settlement';
import { verifyRound } from '../../../src/shared/rules/round/verifyRound';
import { verifyAnchored, type FairnessSource } from '../../../src/shared/rules/round/verifyAnchored';
import type { FairRoundDetail } from '../../../src/shared/api/game';
import { startTestChain, type TestChain } from '../../support/chain';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { destroyQuietly } from '../ledger/support/teardown';
import { ANGLS, insertEidols, insertPlayer } from '../rounds/support/world';

const pgAdminUrl = inject('pgAdminUrl');
const timing = { openMs: 10_000, lockedMs: 2_000 };

/** The detail `d` with its entries replaced by an honest settlement of `hash` over their (possibly edited) snapshot. */
function settledUnder(d: FairRoundDetail, hash: string): FairRoundDetail {
  const units = blockThresholdUnits(hash, d.block_hash!);
  const eidols = d.entries.map((e) => ({
    id: e.eidol_id,
    owner: 0,
    value: BigInt(e.value_before),
    risk: e.risk,
    yieldy: e.yieldy,
    type: e.type,
    xp: e.xp,
    level: e.level,
    topValue: BigInt(e.top_value_before),
    noLossValue: BigInt(e.no_loss_value),
    ...(e.reserved_stake === null ? {} : { reservedStake: BigInt(e.reserved_stake) }),
    ...(e.sat_out ? { satOut: true } : {}),
  }));
  const out = settleRound({
    roundId: d.id,
    thresholdUnits: units,
    eidols,
    poolBefore: BigInt(d.pool_before),
    incenseSlots: d.incense_slots,
    config: ECONOMY_CONFIG,
  });
  const byId = new Map(out.eidols.map((e) => [e.id, e]));
  return {
    ...d,
    hash,
    previous_hash: nextChainHash(hash),
    threshold_units: units.toString(),
    threshold: thresholdDecimal(units),
    pool_after: out.totals.poolAfter.toString(),
    entries: d.entries.map((e) => {
      const s = byId.get(e.eidol_id)!;
      return {
        ...e,
        zone: s.zone,
        stake: (-s.bet).toString(),
        payout: s.payout.toString(),
        mined: s.emission.toString(),
        value_after: s.value.toString(),
      };
    }),
  };
}

/** `source` with round `id` answered by `replace`. */
const serving = (source: FairnessSource, id: number, replace: FairRoundDetail): FairnessSource => ({
  chains: () => source.chains(),
  round: async (n) => (n === id ? structuredClone(replace) : source.round(n)),
});

describe.each(dialectsFor(pgAdminUrl))('anchored fairness on %s', (dialect) => {
  let t: TestDb;
  let chain: TestChain;
  let clock: ManualClock;
  let port = 0;
  const errors: string[] = [];
  const log = { error: (_obj: unknown, msg: string) => void errors.push(msg), warn: () => {} };
  let eidols: number[] = [];

  beforeAll(async () => {
    chain = await startTestChain();
    port = Number(new URL(chain.gateway.chain.rpcUrls.default.http[0]!).port);
    t = await createTestDb(dialect, pgAdminUrl);
    clock = manualClock(Date.UTC(2026, 7, 1));
    const a = await insertPlayer(t.db, clock.now());
    eidols = await insertEidols(t.db, clock, [
      { owner: a, risk: '0.25', value: 100n * ANGLS },
      { owner: a, risk: '0.75', value: 60n * ANGLS, yieldy: 5 },
      { owner: a, type: 'egg', risk: '0', value: 100n * ANGLS },
    ]);
  }, 60_000);
  afterAll(async () => {
    await destroyQuietly(t);
    await chain?.close();
  });

  const blocks = () => roundBlocksAt(`http://127.0.0.1:${port}`, true);
  const round = (id: number) => t.db.kysely.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('records the head + 1 at the lock and keys T by that block; waits locked while the RPC is down, settles when it returns', async () => {
    const s = createRoundScheduler({ db: t.db, clock, timing, chainLength: 5, onSettled: () => {}, log, blocks: blocks() });
    await s.idle();
    const r1 = await round(1);
    expect(r1.block_number).toBeNull();
    const head = Number(await chain.gateway.client.getBlockNumber({ cacheTime: 0 }));
    clock.set(r1.can_act_before);
    await s.idle();
    expect((await round(1)).block_number).toBe(head + 1);
    expect((await round(1)).block_hash).toBeNull();

    // The RPC goes away: at ends_at and after, the round stays locked.
    await chain.close({ keep: true });
    clock.set(r1.ends_at);
    await s.idle();
    clock.advance(60_000);
    await s.idle();
    expect((await round(1)).settled_at).toBeNull();
    expect(errors.some((e) => e.startsWith('chain unreadable'))).toBe(true);

    // Back on the same port (replayed from its journal): the retry settles it, keyed by block head + 1.
    chain = await startTestChain({ dataDir: chain.dataDir, port });
    clock.advance(60_000);
    await s.idle();
    const settled = await round(1);
    expect(settled.settled_at).not.toBeNull();
    const block = await chain.gateway.client.getBlock({ blockNumber: BigInt(head + 1) });
    expect(settled.block_hash).toBe(block.hash);
    expect(BigInt(settled.threshold_units!)).toBe(blockThresholdUnits(settled.hash, block.hash!));
    await s.close();
  }, 120_000);

  it('a settlement that crashes after the block read gets the same T when retried', async () => {
    const ledger = createLedger(t.db, clock);
    // Round 2 opened at round 1's settlement; an eidol is fed between the rounds (a movement outside rounds).
    await ledger.run(async (tx) => {
      await transfer(tx, {
        id: `test:feed:${eidols[0]}`,
        debit: await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
        credit: await eidolAccount(tx, eidols[0]!),
        amount: 7n * ANGLS,
        code: 'feed',
      });
    });
    const r2 = await round(2);
    clock.set(r2.ends_at);
    const crash = new Error('crash between the block read and the commit');
    await expect(
      settleDue(ledger, {
        timing,
        blocks: blocks(),
        onPhase: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const read = await round(2);
    expect(read.settled_at).toBeNull();
    expect(read.block_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // The process comes back (the chain too, from its journal) and settles: the same recorded block, the same T.
    await chain.close({ keep: true });
    chain = await startTestChain({ dataDir: chain.dataDir, port });
    const settled = await settleDue(ledger, { timing, blocks: blocks() });
    expect(settled?.roundId).toBe(2);
    expect(settled!.thresholdUnits).toBe(blockThresholdUnits(read.hash, read.block_hash!));
    expect((await round(2)).block_hash).toBe(read.block_hash);
  }, 120_000);

  it('passes honest rounds anchored to the commitment, walks to the terminal hash, and checks value continuity', async () => {
    const source = databaseSource(t.db.kysely);
    const chains = await source.chains();
    expect(chains).toHaveLength(1);
    expect(chains[0]).toMatchObject({ salt_rule: 'block', block_rule_from: 1, first_round_id: 1, last_round_id: 2, length: 5 });
    for (const id of [1, 2]) {
      const v = await verifyAnchored(source, id);
      expect(v.verification?.mismatches).toEqual([]);
      expect(v.ok).toBe(true);
      expect(v.walkSteps).toBe(id);
    }
    const r2 = (await source.round(2))!;
    const fed = r2.entries.find((e) => e.eidol_id === eidols[0])!;
    expect(fed.previous_round_id).toBe(1);
    expect(fed.movements.map((m) => [m.code, m.amount])).toEqual([['feed', (7n * ANGLS).toString()]]);
    const walk = [...walkToCommitment(r2.hash, 2, chains[0]!.terminal_hash)];
    expect(walk.at(-1)).toEqual({ done: 2, total: 2, reached: true });
    expect([...walkToCommitment(r2.hash, 1, chains[0]!.terminal_hash)].at(-1)?.reached).toBe(false);
  });

  it('refuses a forged round: hash X, previous_hash = sha256(X), entries settled honestly under X', async () => {
    const source = databaseSource(t.db.kysely);
    const honest = (await source.round(2))!;
    const x = crypto.randomBytes(32).toString('hex');
    console.info(`forged hash X = ${x}`);
    const forged = settledUnder(honest, x);
    // The old check (same response only) approves it: this is what the page ran before.
    expect(verifyRound(forged).ok).toBe(true);
    const v = await verifyAnchored(serving(source, 2, forged), 2);
    expect(v.ok).toBe(false);
    expect(v.verification!.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['chain']);
  });

  it('refuses a broken continuity: a value before that is not the value after its last round plus its movements', async () => {
    const source = databaseSource(t.db.kysely);
    const honest = (await source.round(2))!;
    const inflated = structuredClone(honest);
    const entry = inflated.entries.find((e) => e.eidol_id === eidols[1])!;
    entry.value_before = (BigInt(entry.value_before) + 5n * ANGLS).toString();
    const broken = settledUnder(inflated, honest.hash);
    expect(verifyRound(broken).ok).toBe(true);
    const v = await verifyAnchored(serving(source, 2, broken), 2);
    expect(v.ok).toBe(false);
    const failed = v.verification!.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.name)).toEqual(['continuity']);
    expect(failed[0]!.mismatches.map((m) => m.eidolId)).toEqual([eidols[1]]);
  });
});
