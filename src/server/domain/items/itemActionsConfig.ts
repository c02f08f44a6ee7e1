/**
 * The numbers of the eidol item actions (spec 2 §5, ECONOMY.md "Money flows"), in one place: the pop and
 * extract potency, what one Golden Cookie, Precision Apple and Extraction Extract are worth, and the price
 * of an enchantment. README.md beside this file explains each choice.
 */
import { ITEM_IDS } from '../../../shared/money/assets';
import { ANGLS_UNIT } from '../../../shared/rules/round/economyConfig';

/** The item ids the actions consume. */
export const ACTION_ITEMS = {
  cookie: ITEM_IDS.GOLDEN_COOKIE,
  extract: ITEM_IDS.EXTRACTION_EXTRACT,
  apple: ITEM_IDS.PRECISION_APPLE,
  jar: ITEM_IDS.EGGTOPLASM_JAR,
  tome: ITEM_IDS.TRANSMUTATION_TOME,
} as const;

/** Potency at level 0, in percent: pop and extract pay value × (74 % + 2 % × level) to the player. */
export const POTENCY_BASE_PERCENT = 74n;

/** Potency gained per eidol level, in percent. */
export const POTENCY_PER_LEVEL_PERCENT = 2n;

/** Extraction Extracts consumed per whole ANGLS extracted (spec 2 §5: "above Extraction Extract held"). */
export const EXTRACTS_PER_ANGLS = 1n;

/** ANGLS units one Golden Cookie moves from `item_backing` into the eidol (ECONOMY.md: 1 ANGLS). */
export const COOKIE_VALUE_UNITS = 1n * ANGLS_UNIT;

/** How long one Precision Apple keeps the extra precision digit, in ms (24 h). */
export const APPLE_MS = 24 * 60 * 60 * 1000;

/** gDAO an enchantment costs (spec 2 §4, "13 gDAO"); it goes to `gdao_reserve`. */
export const ENCHANT_GDAO = 13n;

/** Eggtoplasm jars an enchantment consumes. */
export const ENCHANT_JARS = 1n;

/** Longest amount read (digits only); a longer one is refused as above any holding, never parsed. */
export const MAX_ACTION_AMOUNT_DIGITS = 30;

/** The player's share of `units` at eidol `level`: units × (74 + 2 × level) / 100, rounded down (the rest is the pool's). */
export function potencyShare(units: bigint, level: number): bigint {
  return (units * (POTENCY_BASE_PERCENT + POTENCY_PER_LEVEL_PERCENT * BigInt(level))) / 100n;
}
