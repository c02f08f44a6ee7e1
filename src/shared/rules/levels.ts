/**
 * Player levels (ECONOMY.md): −1 no eidol yet, 0 eggs only, 1–4 Adept, Apprentice, Master, Magister by
 * player XP. The thresholds are the one table both halves read.
 */

/** Player XP at which each titled level starts; level 1 starts with the first hatched eidol. */
export const PLAYER_LEVEL_XP: Readonly<Record<1 | 2 | 3 | 4, number>> = { 1: 0, 2: 1_000, 3: 5_000, 4: 20_000 };

/** The highest player level. */
export const MAX_PLAYER_LEVEL = 4;

/** The titled level (1–4) a player with a hatched eidol reaches at `xp`. */
export function titledLevelForXp(xp: number): 1 | 2 | 3 | 4 {
  if (xp >= PLAYER_LEVEL_XP[4]) return 4;
  if (xp >= PLAYER_LEVEL_XP[3]) return 3;
  if (xp >= PLAYER_LEVEL_XP[2]) return 2;
  return 1;
}

/** XP the bar fills towards at `level`: the next titled threshold; at the top level its own threshold. */
export function nextLevelXp(level: number): number {
  if (level <= 1) return PLAYER_LEVEL_XP[2];
  if (level === 2) return PLAYER_LEVEL_XP[3];
  return PLAYER_LEVEL_XP[4];
}

/**
 * A player's level from what they have owned (closed eidols count: a lost eidol does not send a player
 * back to −1): −1 no eidol yet, 0 eggs only, else the titled level of their XP.
 */
export function playerLevel(xp: number, owns: { eidols: number; hatched: number }): number {
  if (owns.eidols === 0 && owns.hatched === 0) return -1;
  if (owns.hatched === 0) return 0;
  return titledLevelForXp(xp);
}
