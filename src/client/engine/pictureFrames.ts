/**
 * The one table from the original product's picture names, which the wire carries (FACTS.md "Pictures
 * by name", `src/shared/rules/pictures.ts`), to this product's atlas frames (`frameNames.ts`). Designers
 * swap atlases under the frame names; the wire keeps the original's file names; only this file joins them.
 */
import { EGG_TIER_NAMES, EGG_TIERS, eggFrame } from '../../shared/rules/eggs';
import { eggtoplasmFrame, eidolFrame, itemFrame, LOSS_FRAME } from './frameNames';

/** Item picture files → item frames (Map2 is the Transmutation Tome's, see pictures.ts). */
export const ITEM_PICTURE_FRAMES: Readonly<Record<string, string>> = {
  'Apple.png': itemFrame('Apple'),
  'Cookie.png': itemFrame('Coincookie'),
  'Coop.png': itemFrame('Cooptoken'),
  'Extract.png': itemFrame('Extract'),
  'Incense.png': itemFrame('Incense'),
  'Indulgence.png': itemFrame('Indulgence'),
  'Map.png': itemFrame('Map'),
  'Map2.png': itemFrame('Tome'),
  'Puff.png': itemFrame('Puff'),
  'Scribe.png': itemFrame('Scribe'),
  'Tax.png': itemFrame('Tax'),
};

/**
 * The frame of an item: by its `type` where the wire gives one (a picture file may stand for two items:
 * Coop.png for gDAO and the jar claim, Extract.png for the extract and the jar), else by its picture file.
 */
export function itemPictureFrame(image: string, type?: string): string {
  return type ? itemFrame(type) : (ITEM_PICTURE_FRAMES[image] ?? itemFrame('Indulgence'));
}

/** What the table reads of an eidol or egg: the wire's fields. */
export interface PicturedEidol {
  id: number;
  value: string;
  type: string;
  rarity: string;
  collection: string;
  experience: number;
  next_level_experience: number;
  skin: { image: string };
}

/** The variant in a skin picture's name (`2.svg` → 2), or undefined for a name of another form. */
function variantOf(image: string): number | undefined {
  const m = /^(\d+)\.(svg|png)$/.exec(image);
  return m ? Number(m[1]) : undefined;
}

/**
 * The frame of an eidol as the original draws it from `collections/<collection>/<type>/<rarity>/<image>`:
 * the loss sprite at value 0; an egg by its rarity's tier (the picture names only the plain common egg);
 * the Eggtoplasm jar filling with experience; a hatched eidol's skin by the variant of its picture
 * (by its id, as the server chose it, when the picture is not in that form).
 */
export function eidolPictureFrame(e: PicturedEidol): string {
  if (!(Number(e.value) > 0)) return LOSS_FRAME;
  if (e.type === 'egg') return eggFrame(EGG_TIER_NAMES.find((t) => EGG_TIERS[t].rarity === e.rarity) ?? 'egg1');
  if (e.type === 'ectoplasm') return eggtoplasmFrame(e.next_level_experience > 0 ? e.experience / e.next_level_experience : 0);
  return eidolFrame(e.collection, e.rarity, variantOf(e.skin.image) ?? (e.id % 3) + 1);
}
