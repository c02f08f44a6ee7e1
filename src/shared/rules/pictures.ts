/**
 * The original product's picture names, which the wire carries (FACTS.md "Pictures by name"): its client
 * draws an eidol or egg from `collections/<collection>/<type>/<rarity>/<skin.image>` and an item from
 * `<collection>/item/<image>`, from files bundled with it. The server keeps its own names in its rows
 * (atlas frames, `eggs.ts`) and turns them into these on the way out; this product's client maps them
 * back to atlas frames in one table (`src/client/engine/pictureFrames.ts`), so designers still swap
 * atlases freely.
 */
import { EIDOL_VARIANTS } from './eggs';

/** The collection of every item picture (the original bundles items under its basic collection). */
export const ITEM_PICTURE_COLLECTION = 'basic';

/**
 * Each item's picture file. The original bundles Apple, Cookie, Coop, Extract, Incense, Indulgence, Map,
 * Map2, Puff, Scribe and Tax; the jar claim, the Eggtoplasm jar and the Tome have no file of their own
 * there, so they show the nearest it has (gDAO's coin for the claim paid in gDAO, the extract's flask for
 * the jar, the second scroll for the Tome).
 */
export const ITEM_PICTURES: Readonly<Record<number, string>> = {
  1: 'Indulgence.png',
  2: 'Scribe.png',
  3: 'Incense.png',
  4: 'Coop.png',
  5: 'Coop.png',
  6: 'Cookie.png',
  7: 'Tax.png',
  8: 'Map.png',
  9: 'Puff.png',
  11: 'Extract.png',
  12: 'Apple.png',
  13: 'Extract.png',
  14: 'Map2.png',
};

/** The picture file of item `id` (Indulgence's for an id without one). */
export function itemPicture(id: number): string {
  return ITEM_PICTURES[id] ?? 'Indulgence.png';
}

/** The plain common egg's picture; every other egg (and an eidol's first variant) is `1.svg`. */
export const PLAIN_EGG_PICTURE = '0.svg';

/**
 * The `skin.image` of a stored skin name: eggs `egg1` → `0.svg` (the plain common egg), `egg2`…`egg4` →
 * `1.svg`; a hatched `eidol-<collection>-<rarity>-<n>` → `<n>.svg`; the Eggtoplasm jar → `0.svg`. A name
 * already in the original's form passes unchanged.
 */
export function skinPicture(stored: string): string {
  if (/^\d+\.(svg|png)$/.test(stored)) return stored;
  if (stored === 'egg1') return PLAIN_EGG_PICTURE;
  if (/^egg[2-4]$/.test(stored)) return '1.svg';
  const hatched = /^eidol-[a-z]+-[a-z]+-(\d+)$/.exec(stored);
  if (hatched) return `${((Number(hatched[1]) - 1) % EIDOL_VARIANTS) + 1}.svg`;
  return PLAIN_EGG_PICTURE;
}

/** A shop listing's `data.skin`: an egg's skin picture, an item's picture file (stored `item-<id>`). */
export function listingSkinPicture(stored: unknown, itemId: unknown): string {
  if (typeof itemId === 'number') return itemPicture(itemId);
  return typeof stored === 'string' ? skinPicture(stored) : PLAIN_EGG_PICTURE;
}
