/**
 * Transmutation ("train" at level 11, ECONOMY.md "Transmutation"): the draw and its verifier. Before an
 * attempt the server publishes sha256(server seed); the attempt brings the player's seed and reveals the
 * server seed, and anyone recomputes the roll (transmuteRoll.ts): the first 52 bits of HMAC-SHA256(key = the
 * server seed's 32 bytes, message = "<player seed>:<attempt>") / 2^52, in [0, 1); the attempt succeeds when
 * roll < chance, chance = (20 + 80 × XP / next-level XP) / 100. The comparison is exact (bigint), never
 * through floating point. On success further bytes of the same HMAC choose the trait raised and whether the
 * rarity evolves.
 */
import type { RoundHash } from './fairnessHash';
import { rollOf, rollSucceeds, rollUnits, serverSeedHash, transmuteMac } from './transmuteRoll';

/** The chance's floor and its XP part, percent (spec 2 §9). */
export const CHANCE_BASE_PERCENT = 20;
export const CHANCE_XP_PERCENT = 80;

/** Most Yieldy and Precise a transmutation raises to (spec 2 §9). */
export const MAX_YIELDY = 10;
export const MAX_PRECISE = 2;

/** On success the rarity evolves when the evolve byte is below this share of 256 (our choice: 25 %). */
export const EVOLVE_PERCENT = 25;

/** The rarity ladder; mythic eidols take the forms Egregori and Egod. */
export const RARITY_LADDER = ['common', 'rare', 'epic', 'mythic'] as const;

/** A rarity of the ladder. */
export type Rarity = (typeof RARITY_LADDER)[number];

/** sha256 of the seed's raw bytes, lowercase hex: the published commitment. */
export const seedHashOf = serverSeedHash;

/** The chance in percent as a number (for display): 20 + 80 × xp / nextXp, xp capped at nextXp. */
export function trainingChance(xp: number, nextXp: number): number {
  const x = Math.min(Math.max(xp, 0), nextXp);
  return nextXp > 0 ? CHANCE_BASE_PERCENT + (CHANCE_XP_PERCENT * x) / nextXp : CHANCE_BASE_PERCENT;
}

/** What a transmutation draw decided. */
export interface TrainingDraw {
  /** The roll in [0, 1) (a display number; the decision is exact). */
  roll: number;
  /** The chance in percent. */
  chance: number;
  trained: boolean;
  /** On success: +1 Yieldy, +1 Precise, or both (before the caps). */
  raise: 'yieldy' | 'precise' | 'both' | null;
  /** On success: whether the rarity moves one step up the ladder. */
  evolve: boolean;
  /** On an evolution to mythic: the form taken. */
  form: 'Egregori' | 'Egod';
}

/** The outcome of attempt `attempt` with the server seed `seed` and the player's `playerSeed`, at `xp` of `nextXp`. */
export function trainingDraw(seed: RoundHash, playerSeed: string, attempt: number, xp: number, nextXp: number): TrainingDraw {
  const mac = transmuteMac(seed, playerSeed, attempt);
  const units = rollUnits(mac);
  const trained = rollSucceeds(units, xp, nextXp, CHANCE_BASE_PERCENT, CHANCE_XP_PERCENT);
  const pick = mac[8]! % 3;
  return {
    roll: rollOf(units),
    chance: trainingChance(xp, nextXp),
    trained,
    raise: trained ? (pick === 0 ? 'yieldy' : pick === 1 ? 'precise' : 'both') : null,
    evolve: trained && mac[9]! * 100 < EVOLVE_PERCENT * 256,
    form: (mac[10]! & 1) === 0 ? 'Egregori' : 'Egod',
  };
}

/** An eidol's traits and rarity before and after a transmutation. */
export interface TrainingTraits {
  yieldy: number;
  precise: number;
  rarity: Rarity;
}

/**
 * The traits after a successful draw: the chosen trait +1 (a capped trait passes its raise to the other),
 * the rarity one step up when the draw evolves (mythic stays mythic).
 */
export function applyTraining(before: TrainingTraits, draw: TrainingDraw): TrainingTraits {
  if (!draw.trained) return before;
  let { yieldy, precise } = before;
  const wantY = draw.raise === 'yieldy' || draw.raise === 'both';
  const wantP = draw.raise === 'precise' || draw.raise === 'both';
  const canY = yieldy < MAX_YIELDY;
  const canP = precise < MAX_PRECISE;
  if ((wantY && canY) || (wantP && !canP && canY)) yieldy += 1;
  if ((wantP && canP) || (wantY && !canY && canP)) precise += 1;
  const step = RARITY_LADDER.indexOf(before.rarity);
  const rarity = draw.evolve && step < RARITY_LADDER.length - 1 ? RARITY_LADDER[step + 1]! : before.rarity;
  return { yieldy, precise, rarity };
}

/** What a player checks after an attempt (the POST answer's fields). */
export interface TrainingClaim {
  playerSeed: string;
  attempt: number;
  seed: string;
  seedHash: string;
  experience: number;
  nextLevelExperience: number;
  trained: boolean;
}

/** Why a claimed transmutation does not verify, or null when it does. */
export function verifyTraining(claim: TrainingClaim): string | null {
  let hash: string;
  try {
    hash = seedHashOf(claim.seed);
  } catch {
    return 'the seed is not 64 lowercase hex digits';
  }
  if (hash !== claim.seedHash) return 'sha256(seed) is not the published seed hash';
  const draw = trainingDraw(claim.seed, claim.playerSeed, claim.attempt, claim.experience, claim.nextLevelExperience);
  if (draw.trained !== claim.trained) return `the draw says ${draw.trained ? 'success' : 'failure'}`;
  return null;
}
