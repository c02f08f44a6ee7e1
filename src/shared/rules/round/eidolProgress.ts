/**
 * XP and levels after a round (ECONOMY.md "XP"): eggs gain XP every round, participants more on a loss
 * than a win; a level-up carries the surplus over (FACTS.md's pop-up counts across it), at the top level
 * XP stops at the cap, and an egg reaching the hatch level hatches.
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
