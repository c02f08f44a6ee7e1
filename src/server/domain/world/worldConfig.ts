/**
 * The numbers of the world's chat and social actions (spec 3 §4–§7): text lengths, how long an inscription
 * stands, the items they spend, and each player's pace. README.md beside this file explains the choices.
 */
import { WORLD_ITEM_IDS } from '../../../shared/rules/items';

/** Longest verse (characters, after trimming). */
export const VERSE_MAX = 280;
/** Longest yell: a notice to every player, so shorter. */
export const YELL_MAX = 140;
/** Longest inscription. */
export const SCRIBE_MAX = 280;
/** Days a new inscription stands. */
export const INSCRIPTION_DAYS = 7;
/** Days one promotion adds to an inscription's standing time. */
export const PROMOTE_DAYS = 30;
/** A day in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Scribe item (ledger asset `item:2`): one is spent per inscription. */
export const SCRIBE_ITEM_ID = WORLD_ITEM_IDS.SCRIBE;

/** A fixed-window quota: at most `max` per `windowMs`. */
export interface PaceRule {
  max: number;
  windowMs: number;
}

/** Yells, per player: one per 2 s (a burst guard), 20 per minute (a flood guard). */
export const CHAT_PACE: readonly PaceRule[] = [
  { max: 1, windowMs: 2_000 },
  { max: 20, windowMs: 60_000 },
];
/**
 * New verse entries, per player (a burst rewrites its entry and counts once): as yells, but counted apart,
 * so that typing (a verse per keystroke) never uses up the Yell that follows it.
 */
export const VERSE_PACE: readonly PaceRule[] = CHAT_PACE;
/** Verse posts of any kind, per player: far above typing speed, a guard against scripts only. */
export const VERSE_KEYS_PACE: readonly PaceRule[] = [{ max: 20, windowMs: 1_000 }];
/** A verse within this long of the player's last one continues its entry (a pause ends a burst). */
export const VERSE_PAUSE_MS = 2_000;
/** Luvs, per player and liked player: one per minute (each one reaches the liked player's screen). */
export const LIKE_PACE: readonly PaceRule[] = [{ max: 1, windowMs: 60_000 }];
