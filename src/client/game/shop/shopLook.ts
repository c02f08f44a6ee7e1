/**
 * What each shop item draws, headless: the atlas frame and its height as a fraction of the swiper band.
 * Eggs grow with their hatch value by √((value − 1)/16 + 1), the eidol size law (FACTS.md "Eidol size"),
 * so a 1000-ANGLS egg fills the band and the cheaper ones stand smaller beside it; items are icons.
 */
import { eidolSizeScale } from '../../../shared/rules/eidolSize';
import { EGG_TIER_NAMES, EGG_TIERS, eggFrame, isEggTier, type EggTier } from '../../../shared/rules/eggs';
import { itemKind } from '../../../shared/rules/items';
import { itemFrame } from '../../engine/frameNames';
import type { ShopItem } from '../../net/shopApi';
import { DESIGN_WIDTH } from '../../engine/resize';
import { ICON_HEIGHT, MAX_HEIGHT, SLIDE_SPACING } from '../home/slideLook';

/** The largest egg tier's hatch value: its egg is drawn MAX_HEIGHT tall. */
const LARGEST_HATCH = Math.max(...EGG_TIER_NAMES.map((t) => EGG_TIERS[t].value));
/** Height of a one-ANGLS egg as a fraction of the band; larger hatch values grow from here. */
export const SHOP_EGG_BASE_HEIGHT = MAX_HEIGHT / eidolSizeScale(LARGEST_HATCH);
/** Height of an egg whose hatch value is unknown (tier 1's). */
const UNKNOWN_EGG_VALUE = EGG_TIERS.egg1.value;

/** A shop item's drawing. */
export interface ShopLook {
  frame: string;
  height: number;
}

/** The egg tier drawn for a shop egg: `data.type` when it names one, else the tier of its hatch value or rarity. */
export function shopEggTier(item: ShopItem): EggTier {
  if (isEggTier(item.data.type)) return item.data.type;
  const value = Number(item.data.value ?? NaN);
  const byValue = EGG_TIER_NAMES.find((t) => EGG_TIERS[t].value === value);
  return byValue ?? EGG_TIER_NAMES.find((t) => EGG_TIERS[t].rarity === item.data.rarity) ?? 'egg1';
}

/** Height of an egg hatching `value` ANGLS (fraction of the band). */
export function shopEggHeight(value: number): number {
  return Math.min(MAX_HEIGHT, SHOP_EGG_BASE_HEIGHT * eidolSizeScale(value > 0 ? value : UNKNOWN_EGG_VALUE));
}

/** How a shop item looks: eggs by tier and hatch value, items (and the gDAO store's goods) by item type. */
export function shopLook(item: ShopItem): ShopLook {
  if (item.type === 'egg') {
    const value = Number(item.data.value ?? 0);
    return { frame: eggFrame(shopEggTier(item)), height: shopEggHeight(Number.isFinite(value) ? value : 0) };
  }
  // The item's kind: `data.type` (an item type), else a catalogue item named like an inventory item.
  const type = item.data.type ?? itemKind(Number(item.data.item_id))?.type ?? item.name;
  return { frame: itemFrame(type), height: ICON_HEIGHT };
}

/** Neighbours farther than this many items from the centre are not drawn. */
const VISIBLE_ITEMS = 1.6;
/** How much smaller and fainter a neighbour one item away is (as on home). */
const SIDE_SHRINK = 0.35;
const SIDE_FADE = 0.55;

/** Where item art stands in the band and how big it is drawn: pure, so the sizes are testable. */
export function placeItem(
  look: ShopLook,
  art: { width: number; height: number },
  offset: number,
  band: { cx: number; top: number; h: number },
) {
  const near = Math.min(1, Math.abs(offset));
  const fit = Math.min((band.h * look.height) / art.height, (DESIGN_WIDTH * 0.56) / art.width);
  return {
    visible: Math.abs(offset) < VISIBLE_ITEMS,
    scale: fit * (1 - SIDE_SHRINK * near),
    x: band.cx + offset * DESIGN_WIDTH * SLIDE_SPACING,
    y: band.top + band.h * 0.94,
    alpha: 1 - SIDE_FADE * near,
  };
}
