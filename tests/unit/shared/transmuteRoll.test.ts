/**
 * The transmutation roll against known vectors (computed once with node:crypto from the documented rule:
 * HMAC-SHA256(key = server seed bytes, message = "<player seed>:<attempt>"), first 13 hex digits / 2^52),
 * its exact decision at the chance boundary, and the player seed's validation.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAYER_SEED,
  playerSeedProblem,
  randomPlayerSeed,
  rollOf,
  rollSucceeds,
  rollUnits,
  serverSeedHash,
  transmuteMac,
} from '../../../src/shared/rules/transmuteRoll';
import { trainingDraw } from '../../../src/shared/rules/training';

const ZERO = '00'.repeat(32);
const COUNTING = '0123456789abcdef'.repeat(4);

/** [server seed, player seed, attempt, units, roll]. */
const VECTORS: Array<[string, string, number, bigint, number]> = [
  [ZERO, 'none', 1, 678843056646393n, 0.15073343831914898],
  [ZERO, 'player-1', 7, 3397073937206338n, 0.7543019402881019],
  [ZERO, 'A_b-9', 1, 185045323247799n, 0.04108831569378224],
  [COUNTING, 'none', 7, 2733462594537561n, 0.6069506218814438],
  [COUNTING, 'player-1', 1, 1530709157716014n, 0.33988571018017977],
  [COUNTING, 'A_b-9', 7, 637063497933217n, 0.14145651271073967],
];

describe('transmutation roll', () => {
  it('publishes sha256 of the server seed bytes', () => {
    expect(serverSeedHash(ZERO)).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(serverSeedHash(COUNTING)).toBe('4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837');
  });

  it.each(VECTORS)('seed %s, player seed %s, attempt %i → units %s', (seed, player, attempt, units, roll) => {
    const u = rollUnits(transmuteMac(seed, player, attempt));
    expect(u).toBe(units);
    expect(rollOf(u)).toBe(roll);
    expect(trainingDraw(seed, player, attempt, 0, 1440).roll).toBe(roll);
  });

  it('changes with the player seed and with the attempt', () => {
    const rolls = new Set(VECTORS.filter(([s]) => s === ZERO).map(([s, p, a]) => rollUnits(transmuteMac(s, p, a))));
    expect(rolls.size).toBe(3);
    expect(rollUnits(transmuteMac(ZERO, 'none', 1))).not.toBe(rollUnits(transmuteMac(ZERO, 'none', 2)));
  });

  it('decides roll < chance exactly at the boundary', () => {
    // chance 60 % (720 of 1440 XP): succeeds iff units × 100 < 60 × 2^52, i.e. units < 0.6 × 2^52.
    const edge = (60n * 2n ** 52n + 99n) / 100n; // the first units value that is not below 0.6 × 2^52
    expect(rollSucceeds(edge - 1n, 720, 1440, 20, 80)).toBe(true);
    expect(rollSucceeds(edge, 720, 1440, 20, 80)).toBe(false);
    expect(rollSucceeds(2n ** 52n - 1n, 1440, 1440, 20, 80)).toBe(true);
    expect(rollSucceeds(0n, 0, 1440, 20, 80)).toBe(true);
    // Below 20 %, a roll of exactly 0.2 fails: 0.2 × 2^52 is not an integer, its ceiling is the edge.
    const low = (20n * 2n ** 52n + 99n) / 100n;
    expect([rollSucceeds(low - 1n, 0, 1440, 20, 80), rollSucceeds(low, 0, 1440, 20, 80)]).toEqual([true, false]);
  });

  it('accepts 1–64 letters, digits, - and _ and says why it refuses anything else', () => {
    expect(playerSeedProblem('a')).toBeNull();
    expect(playerSeedProblem('Az09-_'.repeat(10) + 'abcd')).toBeNull();
    expect(playerSeedProblem(DEFAULT_PLAYER_SEED)).toBeNull();
    expect(playerSeedProblem(undefined)).toBe('missing');
    expect(playerSeedProblem(null)).toBe('missing');
    expect(playerSeedProblem(42)).toBe('type');
    expect(playerSeedProblem('')).toBe('length');
    expect(playerSeedProblem('a'.repeat(65))).toBe('length');
    for (const bad of ['a:b', 'a b', 'ä', 'a\n', '0x1.2']) expect(playerSeedProblem(bad), bad).toBe('charset');
  });

  it('makes random player seeds that are valid and differ', () => {
    const a = randomPlayerSeed();
    expect(playerSeedProblem(a)).toBeNull();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomPlayerSeed()).not.toBe(a);
  });
});
