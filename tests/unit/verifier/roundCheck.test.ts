/**
 * The outside verifier's round recomputation (written from the docs) agrees with the project's settlement on
 * random snapshots (winners, losers, eggs, eggtoplasms, sat-out eidols, capped reservations, Yieldy, incense),
 * so a disagreement in an integration run means a changed record, not two readings of the rules; and its
 * threshold, transmutation, gDAO and liability parts refuse one changed byte.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settleRound } from '../../../src/shared/rules/round/settlement';
import { stakeAndClaim } from '../../../src/shared/rules/round/capacity';
import { parseRisk } from '../../../src/shared/rules/round/risk';
import { ECONOMY_CONFIG } from '../../../src/shared/rules/round/economyConfig';
import { blockThresholdUnits } from '../../../src/shared/rules/fairness';
import { merkleProof, merkleRoot } from '../../../src/shared/rules/gdaoMerkle';
import { CONSTANTS, recompute, thresholdOf, type PublishedRound } from '../../verifier/roundCheck';
import { checkAttempt, rollOf } from '../../verifier/transmuteCheck';
import { gdaoProofRoot, gdaoRoot } from '../../verifier/gdaoCheck';

const seed = Number(process.env.VERIFIER_SEED ?? Date.now() % 2 ** 31);
console.info(`outside verifier property seed ${seed} (rerun with VERIFIER_SEED=${seed})`);

const eidolArb = fc.record({
  risk: fc.oneof(
    fc.constant('0'),
    fc.integer({ min: 1, max: 99 }).map((n) => `0.${String(n).padStart(2, '0')}`),
    fc.integer({ min: 1, max: 999_999 }).map((n) => `0.${String(n).padStart(6, '0')}`),
  ),
  yieldy: fc.integer({ min: 0, max: 10 }),
  type: fc.constantFrom('eidol', 'eidol', 'eidol', 'egg', 'ectoplasm'),
  value: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  reservedCut: fc.option(fc.bigInt({ min: 0n, max: 10n ** 11n })),
  satOut: fc.boolean(),
});

describe('the outside round recomputation', () => {
  it('uses the constants docs/economy.md publishes', () => {
    expect(CONSTANTS.emissionRatePpm).toBe(ECONOMY_CONFIG.emissionRatePpm);
    expect(CONSTANTS.emissionPerStakePpm).toBe(ECONOMY_CONFIG.emissionPerStakePpm);
    expect(CONSTANTS.capUnits).toBe(ECONOMY_CONFIG.emissionCapUnits);
  });

  it('equals settleRound on random snapshots', () => {
    fc.assert(
      fc.property(
        fc.array(eidolArb, { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 0n, max: (1n << 52n) - 1n }),
        fc.integer({ min: 0, max: 3 }),
        (seeds, u, slots) => {
          const eidols = seeds.map((s, i) => ({
            id: 100 - i * 7,
            owner: 0,
            value: s.value,
            risk: s.risk,
            yieldy: s.yieldy,
            type: s.type as 'eidol' | 'egg' | 'ectoplasm',
            xp: 0,
            level: s.type === 'egg' ? 0 : 1,
            topValue: s.value,
            noLossValue: s.value,
            reservedStake: s.reservedCut ?? undefined,
            satOut: s.satOut,
          }));
          // A real pool backs every reservation (capacity.ts): the pool starts above the most these claims can be.
          const poolBefore = 10n ** 15n + eidols.reduce((sum, e) => sum + stakeAndClaim(parseRisk(e.risk), e.value).claim, 0n);
          const out = settleRound({ roundId: 1, thresholdUnits: u, eidols, poolBefore, incenseSlots: slots, config: ECONOMY_CONFIG });
          const published: PublishedRound = {
            id: 1,
            chain_id: 1,
            hash: '',
            block_hash: null,
            threshold_units: u.toString(),
            incense_slots: slots,
            pool_before: poolBefore.toString(),
            pool_after: '',
            entries: eidols.map((e) => ({
              eidol_id: e.id,
              risk: e.risk,
              yieldy: e.yieldy,
              type: e.type,
              value_before: e.value.toString(),
              zone: null,
              stake: '',
              payout: '',
              mined: '',
              value_after: '',
              reserved_stake: e.reservedStake === undefined ? null : e.reservedStake.toString(),
              sat_out: e.satOut,
              previous_round_id: null,
              movements: [],
            })),
          };
          const mine = recompute(published, u);
          expect(mine.poolAfter).toBe(out.totals.poolAfter);
          expect(mine.entries.map((e) => [e.id, e.zone, e.stake, e.payout, e.mined, e.valueAfter])).toEqual(
            [...out.eidols].sort((a, b) => a.id - b.id).map((e) => [e.id, e.zone, -e.bet, e.payout, e.emission, e.value]),
          );
        },
      ),
      { seed, numRuns: 300 },
    );
  });

  it('keys T by the block under the block rule and by the salt before it', () => {
    const hash = createHash('sha256').update('round').digest('hex');
    const block = `0x${createHash('sha256').update('block').digest('hex')}`;
    const chain = { id: 1, terminal_hash: '', salt: 'pepper', block_rule_from: 5, first_round_id: 1, length: 10 };
    expect(thresholdOf({ id: 5, hash, block_hash: block }, chain)).toBe(blockThresholdUnits(hash, block));
    const salted = BigInt(`0x${createHmac('sha256', 'pepper').update(Buffer.from(hash, 'hex')).digest('hex').slice(0, 13)}`);
    expect(thresholdOf({ id: 4, hash, block_hash: null }, chain)).toBe(salted);
    expect(() => thresholdOf({ id: 6, hash, block_hash: null }, chain)).toThrow(/no block hash/);
  });
});

describe('the outside transmutation and gDAO parts', () => {
  const seedHex = createHash('sha256').update('server seed').digest('hex');
  const shown = createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
  const attempt = { seed: seedHex, seed_hash: shown, player_seed: 'abc', attempt: 3, experience: 700, next_level_experience: 1440 };

  it('recomputes the roll and refuses another commitment', () => {
    const { trained, units } = rollOf(attempt);
    expect(checkAttempt({ ...attempt, trained, roll: Number(units) / 2 ** 52 }, shown).every((c) => c.ok)).toBe(true);
    expect(checkAttempt({ ...attempt, trained: !trained, roll: null }, shown).map((c) => c.ok)).toEqual([true, false]);
    const other = `${shown.slice(0, 63)}${shown.endsWith('0') ? '1' : '0'}`;
    expect(checkAttempt({ ...attempt, trained, roll: null }, other)[0]!.ok).toBe(false);
  });

  it("rebuilds the project's gDAO root and follows its proofs", () => {
    const rows = [1, 4, 9, 12, 30].map((id, i) => ({ user_id: id, activity: i + 1, amount: String(1000 * (i + 1)) }));
    expect(gdaoRoot(rows)).toBe(merkleRoot(rows));
    for (let i = 0; i < rows.length; i++) {
      const p = merkleProof(rows, rows[i]!.user_id)!;
      expect(gdaoProofRoot(rows[i]!, p)).toBe(merkleRoot(rows));
      expect(gdaoProofRoot({ ...rows[i]!, amount: '1' }, p)).not.toBe(merkleRoot(rows));
    }
  });
});
