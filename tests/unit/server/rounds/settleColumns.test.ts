/**
 * The booking's columnar settlement (`settleColumns`) against the shared rule (`settleRound`) on random
 * snapshots: every eidol's zone, stake, claim, payout, emission share, value, XP, level, type and top value,
 * the totals, the owners' XP and the transfers in booking order must be identical. Crowds of equal weights
 * make the emission's remainders tie, so the tie-break is compared too.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ECONOMY_CONFIG, MAX_EIDOL_LEVEL } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound, settlementTransferId } from '../../../../src/shared/rules/round/settlement';
import { parseRisk } from '../../../../src/shared/rules/round/risk';
import { stakeAndClaim } from '../../../../src/shared/rules/round/capacity';
import type { SettlementInput, SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';
import { BOT, NO_ZONE, settleColumns } from '../../../../src/server/domain/rounds/settleColumns';
import { TYPE_NAMES, type SnapshotColumns } from '../../../../src/server/domain/rounds/snapshotColumns';

const seed = Number(process.env.SETTLE_SEED ?? Date.now() % 2 ** 31);
console.info(`settleColumns seed ${seed} (rerun with SETTLE_SEED=${seed})`);

const T_SCALE = 1n << 52n;
const riskText = fc
  .integer({ min: 1, max: 6 })
  .chain((digits) => {
    const top = 10n ** BigInt(digits) - 1n;
    return fc.oneof(fc.constant(0n), fc.constant(top), fc.bigInt({ min: 0n, max: top })).map((u) => ({ u, digits }));
  })
  .map(({ u, digits }) => (u === 0n ? '0' : `0.${u.toString().padStart(digits, '0')}`));

const eidolArb = (id: number, crowd: boolean): fc.Arbitrary<SnapshotEidol> =>
  fc
    .record({
      owner: fc.integer({ min: 1, max: 30 }),
      value: crowd ? fc.constant(102_469_134n) : fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 4n }), fc.bigInt({ min: 0n, max: 10n ** 13n })),
      risk: crowd ? fc.constant('0.5') : riskText,
      yieldy: crowd ? fc.constant(3) : fc.integer({ min: 0, max: 10 }),
      type: crowd ? fc.constant('eidol' as const) : fc.constantFrom('egg' as const, 'eidol' as const, 'ectoplasm' as const),
      xp: fc.integer({ min: 0, max: 2_000 }),
      level: fc.integer({ min: 0, max: MAX_EIDOL_LEVEL }),
      extraTop: fc.bigInt({ min: 0n, max: 10n ** 10n }),
      reservation: crowd ? fc.constant('full') : fc.constantFrom('full', 'less', 'none', 'satOut'),
    })
    .map(({ extraTop, reservation, ...e }) => {
      const { stake } = stakeAndClaim(parseRisk(e.risk), e.value);
      const base = { id, ...e, topValue: e.value + extraTop, noLossValue: e.value };
      if (reservation === 'satOut') return { ...base, satOut: true };
      if (reservation === 'none') return base;
      return { ...base, reservedStake: reservation === 'less' && stake > 0n ? stake / 2n : stake };
    });

const inputArb: fc.Arbitrary<SettlementInput> = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 80 }), fc.boolean())
  .chain(([ids, crowd]) =>
    fc.record({
      roundId: fc.integer({ min: 0, max: 2 ** 40 }),
      thresholdUnits: fc.oneof(fc.constant(0n), fc.constant(T_SCALE - 1n), fc.bigInt({ min: 0n, max: T_SCALE - 1n })),
      eidols: fc.tuple(...ids.sort((a, b) => a - b).map((id) => eidolArb(id, crowd))),
      // Pools mostly large enough that the claims fit; one that is not must be refused both ways.
      poolBefore: fc.oneof(fc.bigInt({ min: 10n ** 17n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 12n })),
      incenseSlots: fc.integer({ min: 0, max: 3 }),
      config: fc.constant(ECONOMY_CONFIG),
    }),
  );

/** The snapshot's columns for the same eidols (ascending id, as the reader gives them). */
function columnsOf(eidols: readonly SnapshotEidol[]): SnapshotColumns {
  const n = eidols.length;
  const risks: string[] = [];
  const idx = (r: string) => (risks.includes(r) ? risks.indexOf(r) : risks.push(r) - 1);
  return {
    n,
    id: Float64Array.from(eidols, (e) => e.id),
    owner: Float64Array.from(eidols, (e) => e.owner),
    account: Float64Array.from(eidols, (e) => 1000 + e.id),
    value: BigInt64Array.from(eidols, (e) => e.value),
    topValue: BigInt64Array.from(eidols, (e) => e.topValue),
    noLossValue: BigInt64Array.from(eidols, (e) => e.noLossValue),
    reservedStake: BigInt64Array.from(eidols, (e) => e.reservedStake ?? 0n),
    reserved: Uint8Array.from(eidols, (e) => (e.reservedStake === undefined ? 0 : 1)),
    satOut: Uint8Array.from(eidols, (e) => (e.satOut ? 1 : 0)),
    risk: Int32Array.from(eidols, (e) => idx(e.risk as string)),
    risks,
    yieldy: Uint8Array.from(eidols, (e) => e.yieldy),
    type: Uint8Array.from(eidols, (e) => TYPE_NAMES.indexOf(e.type)),
    xp: Float64Array.from(eidols, (e) => e.xp),
    level: Int32Array.from(eidols, (e) => e.level),
    collection: new Int32Array(n),
    collections: ['basic'],
    rarity: new Int32Array(n),
    rarities: ['common'],
    unreadable: [],
  };
}

describe('settleColumns', () => {
  it('settles every random snapshot exactly as settleRound does', async () => {
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const cols = columnsOf(input.eidols);
        let want;
        try {
          want = settleRound(input);
        } catch (err) {
          // Claims beyond the pool (a snapshot that broke the capacity): refused both ways, in the same words.
          await expect(settleColumns(cols, input, async () => {})).rejects.toThrow((err as Error).message);
          return;
        }
        const got = await settleColumns(cols, input, async () => {});
        expect(got.totals).toEqual(want.totals);
        const eidols = want.eidols.map((_, i) => {
          const value = cols.value[i]! - got.stake[i]! + got.payout[i]! + got.share[i]!;
          return {
            id: cols.id[i],
            owner: cols.owner[i],
            zone: got.zone[i] === NO_ZONE ? null : got.zone[i] === BOT ? 'bot' : 'top',
            stake: got.stake[i],
            bet: -got.stake[i]!,
            claim: got.claim[i],
            payout: got.payout[i],
            emission: got.share[i],
            valueBefore: cols.value[i],
            value,
            xpGained: got.xpGained[i],
            xp: got.xp[i],
            level: got.level[i],
            type: TYPE_NAMES[got.type[i]!],
            hatched: got.hatched[i] === 1,
            topValue: value > cols.topValue[i]! ? value : cols.topValue[i],
            noLossValue: cols.noLossValue[i],
          };
        });
        expect(eidols).toEqual(want.eidols);
        const owners = Array.from(got.owners).flatMap((owner, j) => (got.ownerXp[j]! > 0 ? [{ owner, xpGained: got.ownerXp[j] }] : []));
        expect(owners).toEqual(want.owners);
        expect(Array.from(got.owners)).toEqual([...new Set(want.eidols.map((e) => e.owner))].sort((a, b) => a - b));
        // The legs as the booking hands them to the ledger: bets, wins, emission, each in ascending id, amounts > 0.
        const legs = [
          ['bet', got.stake],
          ['win', got.payout],
          ['mined', got.share],
        ] as const;
        const transfers = legs.flatMap(([code, amounts]) =>
          Array.from(amounts).flatMap((amount, i) => {
            if (amount === 0n) return [];
            const eidol = { kind: 'eidol' as const, id: cols.id[i]! };
            const pool = { kind: 'system' as const, name: 'mining_pool' as const };
            const [debit, credit] = code === 'bet' ? [eidol, pool] : [pool, eidol];
            return [
              { id: settlementTransferId(input.roundId, cols.id[i]!, code), debit, credit, amount, code, ref: String(input.roundId) },
            ];
          }),
        );
        expect(transfers).toEqual(want.transfers);
      }),
      { seed, numRuns: 200 },
    );
  }, 120_000);

  it('refuses a snapshot settleRound refuses: claims beyond the pool, ids out of order', async () => {
    const e: SnapshotEidol = {
      id: 1,
      owner: 1,
      value: 10n ** 12n,
      risk: '0.9',
      yieldy: 0,
      type: 'eidol',
      xp: 0,
      level: 1,
      topValue: 0n,
      noLossValue: 0n,
    };
    const input = { roundId: 1, thresholdUnits: T_SCALE - 1n, poolBefore: 0n, incenseSlots: 0, config: ECONOMY_CONFIG };
    expect(() => settleRound({ ...input, eidols: [e] })).toThrow(/exceed the pool/);
    await expect(settleColumns(columnsOf([e]), input, async () => {})).rejects.toThrow(/exceed the pool/);
    await expect(settleColumns(columnsOf([{ ...e, id: 2 }, e]), { ...input, poolBefore: 10n ** 18n }, async () => {})).rejects.toThrow(
      /ascending/,
    );
  });
});
