/**
 * The inventory items (spec 2 §3, FACTS.md "Item"): fixed ids, their names and their `type` (the home
 * swiper's item button table of spec 1 §2 keys on it). Server and client read this one table; an item's
 * holding is the ledger asset `item:<id>` (gDAO, id 4, is the GDAO asset).
 */
import { ITEM_IDS } from '../money/assets';

/** One inventory item kind. */
export interface ItemKind {
  id: number;
  name: string;
  /** The wire `type`: one of the client's item types (frameNames.ts ITEM_TYPES). */
  type: string;
}

/**
 * Every item by id. The spec fixes 4–7 and 11–14; the world's items (Indulgence, Scribe, Incense, Map,
 * Puff) take the free ids 1–3, 8 and 9, chosen here once and never reused.
 */
export const ITEM_KINDS: Readonly<Record<number, ItemKind>> = {
  1: { id: 1, name: 'Indulgence', type: 'Indulgence' },
  2: { id: 2, name: 'Scribe Quill', type: 'Scribe' },
  3: { id: 3, name: 'Incense', type: 'Incense' },
  [ITEM_IDS.GDAO_TOKEN]: { id: ITEM_IDS.GDAO_TOKEN, name: 'gDAO', type: 'Cooptoken' },
  [ITEM_IDS.JAR_CLAIM_DROP]: { id: ITEM_IDS.JAR_CLAIM_DROP, name: 'Eggtoplasm Jar Claim', type: 'Ectojar' },
  [ITEM_IDS.GOLDEN_COOKIE]: { id: ITEM_IDS.GOLDEN_COOKIE, name: 'Golden Cookie', type: 'Coincookie' },
  [ITEM_IDS.TAX_COMMENDATION]: { id: ITEM_IDS.TAX_COMMENDATION, name: 'Tax Commendation', type: 'Tax' },
  8: { id: 8, name: 'Caravan Map', type: 'Map' },
  9: { id: 9, name: 'Puff of Wisdom', type: 'Puff' },
  [ITEM_IDS.EXTRACTION_EXTRACT]: { id: ITEM_IDS.EXTRACTION_EXTRACT, name: 'Extraction Extract', type: 'Extract' },
  [ITEM_IDS.PRECISION_APPLE]: { id: ITEM_IDS.PRECISION_APPLE, name: 'Precision Apple', type: 'Apple' },
  [ITEM_IDS.EGGTOPLASM_JAR]: { id: ITEM_IDS.EGGTOPLASM_JAR, name: 'Eggtoplasm Jar', type: 'Ectojar' },
  [ITEM_IDS.TRANSMUTATION_TOME]: { id: ITEM_IDS.TRANSMUTATION_TOME, name: 'Transmutation Tome', type: 'Tome' },
};

/** The world's item ids (no fixed id in the spec). */
export const WORLD_ITEM_IDS = { INDULGENCE: 1, SCRIBE: 2, INCENSE: 3, MAP: 8, PUFF: 9 } as const;

/** The item kind of `id`, or undefined. */
export function itemKind(id: number): ItemKind | undefined {
  return ITEM_KINDS[id];
}
