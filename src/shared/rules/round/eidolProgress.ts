/**
 * XP and levels after a round (ECONOMY.md "XP"): eggs gain XP every round, participants more on a loss
 * than a win; a level-up carries the surplus over (FACTS.md's pop-up counts across it), at the top level
 * XP stops at the cap, and an egg reaching the hatch level hatches. An eggtoplasm gains an egg's XP per
 * round up to its full bar and stays as it is: only a Transmutation Tome makes it an eidol.
 */
import type { EconomyConfig } from './economyConfig';

/** What a round did to one eidol: none (r = 0), a win or a loss. */
export type RoundOutcome = 'none' | 'win' | 'loss';

/** An eidol's progress fields. */
export interface Progress {
  xp: number;
  level: number;
  type: 'egg' | 'eidol';
}

/** `next_level_experience` at `level`: the XP that fills its bar (at the top level, the XP cap). */
export function nextLevelXpAt(level: number, config: EconomyConfig): number {
  return config.nextLevelXp[Math.min(Math.max(level, 0), config.maxLevel)]!;
}

/** XP a round grants an eggtoplasm: an egg's per-round XP, never past its full bar (already full: 0). */
export function ectoplasmRoundXp(xp: number, level: number, config: EconomyConfig): number {
  return Math.max(0, Math.min(config.eggXpPerRound, nextLevelXpAt(level, config) - xp));
}

/** XP a round grants: eggs their per-round XP whatever the risk, plus (eggs and eidols) the win/loss XP at r > 0. */
export function roundXp(type: 'egg' | 'eidol', outcome: RoundOutcome, config: EconomyConfig): number {
  const base = type === 'egg' ? config.eggXpPerRound : 0;
  if (outcome === 'win') return base + config.xpPerWin;
  if (outcome === 'loss') return base + config.xpPerLoss;
  return base;
}

/** Adds `gained` XP: levels up while XP reaches `next_level_experience`, caps XP at the top level, hatches eggs. */
export function addXp(before: Progress, gained: number, config: EconomyConfig): Progress {
  let { xp, level, type } = before;
  xp += gained;
  while (level < config.maxLevel && xp >= (config.nextLevelXp[level] ?? Infinity)) {
    xp -= config.nextLevelXp[level] ?? 0;
    level += 1;
  }
  if (level >= config.maxLevel) xp = Math.min(xp, config.nextLevelXp[config.maxLevel] ?? xp);
  if (type === 'egg' && level >= config.hatchLevel) type = 'eidol';
  return { xp, level, type };
}
