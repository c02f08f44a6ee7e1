/**
 * The transmutation draw and its verifier against an independent implementation (node:crypto HMAC over
 * "<player seed>:<attempt>", the comparison done in floating point far from the boundary), the trait rules, and the distribution split
 * and root hash. Reproduce a failure with TRAINING_SEED=<printed seed>.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyTraining,
  MAX_PRECISE,
  MAX_YIELDY,
  seedHashOf,
  trainingChance,
  trainingDraw,
  verifyTraining,
  type TrainingDraw,
} from '../../../src/shared/rules/training';
import { distributionRoot } from '../../../src/shared/rules/gdaoDistribution';
import { splitBudget } from '../../../src/shared/rules/gdaoSplit';

const seed = Number(process.env.TRAINING_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.info(`[training property] seed=${seed} (TRAINING_SEED=${seed} reproduces)`);
const params = { seed, numRuns: 200 };

/** The roll in [0, 1) by node:crypto: the HMAC's first 13 hex digits over 2^52. */
function nodeRoll(seedHex: string, playerSeed: string, attempt: number): number {
  const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(`${playerSeed}:${attempt}`).digest('hex');
  return parseInt(mac.slice(0, 13), 16) / 2 ** 52;
}

const playerSeedArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('transmutation draw', () => {
  it('publishes sha256 of the seed bytes', () => {
    const s = randomBytes(32).toString('hex');
    expect(seedHashOf(s)).toBe(createHash('sha256').update(Buffer.from(s, 'hex')).digest('hex'));
  });

  it('chance is 20 + 80 × XP / next XP percent, capped', () => {
    expect(trainingChance(0, 1440)).toBe(20);
    expect(trainingChance(720, 1440)).toBe(60);
    expect(trainingChance(1440, 1440)).toBe(100);
    expect(trainingChance(5000, 1440)).toBe(100);
  });

  it('draws the roll an independent HMAC computes and succeeds exactly when roll < chance', () => {
    fc.assert(
      fc.property(hex64, playerSeedArb, fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 0, max: 1440 }), (s, player, attempt, xp) => {
        const d = trainingDraw(s, player, attempt, xp, 1440);
        const roll = nodeRoll(s, player, attempt);
        expect(d.roll).toBe(roll);
        const chance = (20 + (80 * xp) / 1440) / 100;
        if (Math.abs(roll - chance) > 1e-9) expect(d.trained).toBe(roll < chance);
      }),
      params,
    );
  });

  it('always succeeds at full XP', () => {
    for (let i = 0; i < 50; i++) expect(trainingDraw(randomBytes(32).toString('hex'), `p${i}`, 1, 1440, 1440).trained).toBe(true);
  });

  it('verifies an honest claim and catches a swapped seed, hash, outcome or attempt', () => {
    const s = randomBytes(32).toString('hex');
    const d = trainingDraw(s, 'mine', 3, 500, 1440);
    const claim = {
      playerSeed: 'mine',
      attempt: 3,
      seed: s,
      seedHash: seedHashOf(s),
      experience: 500,
      nextLevelExperience: 1440,
      trained: d.trained,
    };
    expect(verifyTraining(claim)).toBeNull();
    expect(verifyTraining({ ...claim, trained: !d.trained })).toMatch(/draw says/);
    expect(verifyTraining({ ...claim, seedHash: seedHashOf(randomBytes(32).toString('hex')) })).toMatch(/not the published/);
    expect(verifyTraining({ ...claim, seed: 'zz' })).toMatch(/64 lowercase hex/);
    // Some attempt number flips the outcome at a middling chance: the attempt is part of the message.
    const flips = Array.from({ length: 40 }, (_, i) => trainingDraw(s, 'mine', i + 1, 500, 1440).trained);
    expect(new Set(flips).size).toBe(2);
    // And some player seed flips it: the player's seed is part of the message.
    const byPlayer = Array.from({ length: 40 }, (_, i) => trainingDraw(s, `p${i}`, 3, 500, 1440).trained);
    expect(new Set(byPlayer).size).toBe(2);
  });

  it('raises traits within their caps and evolves one rarity step at most', () => {
    const win = (raise: TrainingDraw['raise'], evolve: boolean): TrainingDraw => ({
      roll: 1,
      chance: 50,
      trained: true,
      raise,
      evolve,
      form: 'Egod',
    });
    expect(applyTraining({ yieldy: 0, precise: 0, rarity: 'common' }, win('both', true))).toEqual({
      yieldy: 1,
      precise: 1,
      rarity: 'rare',
    });
    expect(applyTraining({ yieldy: MAX_YIELDY, precise: 0, rarity: 'epic' }, win('yieldy', true))).toEqual({
      yieldy: MAX_YIELDY,
      precise: 1,
      rarity: 'mythic',
    });
    expect(applyTraining({ yieldy: 3, precise: MAX_PRECISE, rarity: 'mythic' }, win('precise', true))).toEqual({
      yieldy: 4,
      precise: MAX_PRECISE,
      rarity: 'mythic',
    });
    expect(applyTraining({ yieldy: MAX_YIELDY, precise: MAX_PRECISE, rarity: 'rare' }, win('both', false))).toEqual({
      yieldy: MAX_YIELDY,
      precise: MAX_PRECISE,
      rarity: 'rare',
    });
    const lose: TrainingDraw = { roll: 90, chance: 20, trained: false, raise: null, evolve: false, form: 'Egod' };
    expect(applyTraining({ yieldy: 2, precise: 1, rarity: 'rare' }, lose)).toEqual({ yieldy: 2, precise: 1, rarity: 'rare' });
  });
});

describe('monthly distribution', () => {
  it('splits the budget exactly, pro rata, and hashes the rows in user_id order', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.uniqueArray(fc.record({ user_id: fc.integer({ min: 1, max: 1e6 }), activity: fc.integer({ min: 0, max: 5000 }) }), {
          selector: (r) => r.user_id,
          maxLength: 60,
        }),
        (budget, rows) => {
          const out = splitBudget(budget, rows);
          const total = rows.reduce((s, r) => s + r.activity, 0);
          const sum = out.reduce((s, r) => s + r.amount, 0n);
          expect(sum).toBe(total === 0 ? 0n : budget);
          for (const r of out) {
            const exact = total === 0 ? 0 : (Number(budget) * r.activity) / total;
            expect(Math.abs(Number(r.amount) - exact)).toBeLessThan(1 + 1e-6 * Math.max(1, exact));
          }
          expect(out.map((r) => r.user_id)).toEqual([...out.map((r) => r.user_id)].sort((a, b) => a - b));
        },
      ),
      params,
    );
    const rows = [
      { user_id: 2, activity: 1, amount: 3n },
      { user_id: 1, activity: 4, amount: 7n },
    ];
    expect(distributionRoot(rows)).toBe(createHash('sha256').update('1:4:7\n2:1:3').digest('hex'));
  });
});
