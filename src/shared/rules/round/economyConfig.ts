/**
 * The round's constants (ECONOMY.md "The round"): the one config module every settlement reads. Ratios are
 * integer parts per million so that no floating point ever decides money. c, m, y, the emission rate and its
 * cap were chosen with the economy simulator (`npm run sim`) so that no fixed angle dominates in any setting
 * and a thin game pays at most twice a full one per unit staked: the values, reasons and tables are in
 * docs/economy.md.
 */

/** Denominator of every `…Ppm` ratio: 1_000_000 ppm = 100 %. */
export const PPM = 1_000_000n;

/** ANGLS ledger units per whole ANGLS (scale 8, src/shared/money/assets.ts). */
export const ANGLS_UNIT = 10n ** 8n;

/**
 * Emission rate: 0.01 % of the pool (after settling) per round, before the incense doubling. With no refill the
 * pool only shrinks by what it emits, so the rate is how fast emission may spend it: 1.4 % a day at 10-minute
 * rounds when nothing is paid in (docs/economy.md). It binds only when y × Σ S is larger.
 */
export const EMISSION_RATE_PPM = 100n;

/**
 * Emission cap per round before the incense doubling: 10,000 ANGLS. It stays above rate × pool up to a pool of
 * 100M ANGLS, so in the simulated settings it never decides (a cap that bites in a full game makes a thin game
 * pay more per unit staked than a full one).
 */
export const EMISSION_CAP_UNITS = 10_000n * ANGLS_UNIT;

/**
 * c: the round's capacity K as a share of the mining pool at the open: 5 %. The claims reserved against it are
 * all a round can cost the pool; 5 % with m = 20 % lets one 100-ANGLS eidol play 0.99 (G = 9,801 ANGLS) once
 * the pool holds 1M ANGLS (ECONOMY.md's example of 3 % with 5 % would need 6.5M).
 */
export const CAPACITY_PPM = 50_000n;

/** m: the most one eidol may reserve, as a share of K: 20 %, i.e. 1 % of the pool; a whale takes at most a fifth of a round. */
export const EIDOL_CAPACITY_PPM = 200_000n;

/**
 * y: the emission per unit staked per round: 0.1 %, the bound that keeps a thin round from paying a lone stake
 * the whole emission (at most 10 % of S, the fair-game issue's ceiling). It is the binding term in every
 * simulated setting, so a lone eidol earns what a crowd of 10^5 does per unit staked (docs/economy.md).
 */
export const EMISSION_PER_STAKE_PPM = 1_000n;

/** Most incense slots that can burn at once; each lit slot doubles the emission (×2, ×4, ×8). */
export const MAX_INCENSE_SLOTS = 3;

/** XP an egg gains every round whatever its risk (ECONOMY.md). */
export const EGG_XP_PER_ROUND = 1;

/** XP a participant (r > 0) gains on a win (our choice; ECONOMY.md: less than on a loss). */
export const XP_PER_WIN = 1;

/** XP a participant (r > 0) gains on a loss (our choice: twice a win, as ECONOMY.md asks for more). */
export const XP_PER_LOSS = 2;

/** The highest eidol level; at it XP stops at `NEXT_LEVEL_XP[MAX_EIDOL_LEVEL]` (the transmute chance's cap). */
export const MAX_EIDOL_LEVEL = 11;

/** The level at which an egg hatches into an eidol (our choice: its first level-up). */
export const HATCH_LEVEL = 1;

/**
 * `next_level_experience` per level 0–11 (our choice): the XP that takes a level-`i` eidol to level i + 1,
 * carried over on a level-up; the last entry is the XP cap at level 11. An egg (level 0) hatches after
 * 12 rounds at 1 XP each (2 h of 10-minute rounds, faster with risk); later levels take ever longer.
 */
export const NEXT_LEVEL_XP: readonly number[] = [12, 24, 48, 96, 144, 216, 288, 432, 576, 864, 1152, 1440];

/** Most decimals a risk may carry (precise ≤ 2, + 2, + 1 with an apple = 5; a margin for later boosts). */
export const MAX_RISK_DIGITS = 12;

/** Everything a settlement reads besides its round's data; tests and the simulator pass variants. */
export interface EconomyConfig {
  /** c: the round's capacity as a share of the pool at the open, ppm. */
  capacityPpm: bigint;
  /** m: the most one eidol may reserve, as a share of the capacity, ppm. */
  eidolCapacityPpm: bigint;
  /** y: the emission's bound per unit staked (before incense), ppm. */
  emissionPerStakePpm: bigint;
  /** Emission rate of the pool per round, ppm. */
  emissionRatePpm: bigint;
  /** Emission cap per round before incense, ANGLS units. */
  emissionCapUnits: bigint;
  /** XP an egg gains every round. */
  eggXpPerRound: number;
  /** XP a participant gains on a win. */
  xpPerWin: number;
  /** XP a participant gains on a loss. */
  xpPerLoss: number;
  /** `next_level_experience` for levels 0..maxLevel (the last one is the XP cap). */
  nextLevelXp: readonly number[];
  /** Highest eidol level. */
  maxLevel: number;
  /** Level at which an egg hatches. */
  hatchLevel: number;
}

/** The production values of every constant above. */
export const ECONOMY_CONFIG: Readonly<EconomyConfig> = Object.freeze({
  capacityPpm: CAPACITY_PPM,
  eidolCapacityPpm: EIDOL_CAPACITY_PPM,
  emissionPerStakePpm: EMISSION_PER_STAKE_PPM,
  emissionRatePpm: EMISSION_RATE_PPM,
  emissionCapUnits: EMISSION_CAP_UNITS,
  eggXpPerRound: EGG_XP_PER_ROUND,
  xpPerWin: XP_PER_WIN,
  xpPerLoss: XP_PER_LOSS,
  nextLevelXp: NEXT_LEVEL_XP,
  maxLevel: MAX_EIDOL_LEVEL,
  hatchLevel: HATCH_LEVEL,
});

/** Throws unless `config` keeps settlement's promises (ratios within 0–100 %, emission ×8 ≤ the pool, a full level table). */
export function assertEconomyConfig(config: EconomyConfig): void {
  const ratio = (name: string, v: bigint, max: bigint) => {
    if (v < 0n || v > max) throw new Error(`economy config: ${name} ${v} outside 0..${max}`);
  };
  ratio('capacityPpm', config.capacityPpm, PPM);
  ratio('eidolCapacityPpm', config.eidolCapacityPpm, PPM);
  ratio('emissionPerStakePpm', config.emissionPerStakePpm, PPM / 10n);
  // ×2^3 incense must still be at most the whole pool, so emission can never overdraw it.
  ratio('emissionRatePpm', config.emissionRatePpm, PPM / 8n);
  if (config.emissionCapUnits < 0n) throw new Error('economy config: emissionCapUnits < 0');
  for (const [name, v] of [
    ['eggXpPerRound', config.eggXpPerRound],
    ['xpPerWin', config.xpPerWin],
    ['xpPerLoss', config.xpPerLoss],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`economy config: ${name} must be a whole number ≥ 0`);
  }
  if (!Number.isInteger(config.maxLevel) || config.maxLevel < 1) throw new Error('economy config: maxLevel must be ≥ 1');
  if (config.nextLevelXp.length !== config.maxLevel + 1)
    throw new Error('economy config: nextLevelXp needs one entry per level 0..maxLevel');
  if (config.nextLevelXp.some((v) => !Number.isSafeInteger(v) || v < 1))
    throw new Error('economy config: nextLevelXp entries must be whole numbers ≥ 1');
  if (!Number.isInteger(config.hatchLevel) || config.hatchLevel < 1 || config.hatchLevel > config.maxLevel)
    throw new Error('economy config: bad hatchLevel');
}
