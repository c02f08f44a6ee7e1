/**
 * Eggs and their skins (spec 1 §9, ECONOMY.md "Eggs"): the four shop tiers, the free egg, and which atlas
 * frame an eidol shows (`atlases/manifest.json`, sheet `eidols`). One table both halves read.
 */

/** The shop's egg tiers, as `POST /api/oogle/buy {type}` names them. */
export const EGG_TIER_NAMES = ['egg1', 'egg2', 'egg3', 'egg4'] as const;

/** One of EGG_TIER_NAMES. */
export type EggTier = (typeof EGG_TIER_NAMES)[number];

/** An eidol's rarity. */
export type Rarity = 'common' | 'rare' | 'epic' | 'mythic';

/** A tier's hatch value and price in whole ANGLS, and the rarity of what hatches. */
export interface EggTierSpec {
  value: number;
  cost: number;
  rarity: Rarity;
}

/** Spec 1 §9: values 100/400/750/1000, costs 200/800/1500/1750; rarer tiers hatch rarer eidols. */
export const EGG_TIERS: Readonly<Record<EggTier, EggTierSpec>> = {
  egg1: { value: 100, cost: 200, rarity: 'common' },
  egg2: { value: 400, cost: 800, rarity: 'rare' },
  egg3: { value: 750, cost: 1500, rarity: 'epic' },
  egg4: { value: 1000, cost: 1750, rarity: 'mythic' },
};

/** The free egg grows as a tier-1 egg, its hatch value paid from the mining pool. */
export const FREE_EGG_TIER: EggTier = 'egg1';

/** Collections of eidols (spec 1 §3); eggs hatch into `basic`. */
export const EIDOL_COLLECTIONS = ['basic', 'spooky'] as const;

/** Variants per collection and rarity in the atlas (`eidol-<collection>-<rarity>-<1..3>`). */
export const EIDOL_VARIANTS = 3;

/** True for a known tier name. */
export function isEggTier(name: unknown): name is EggTier {
  return typeof name === 'string' && (EGG_TIER_NAMES as readonly string[]).includes(name);
}

/** The frame of an egg of `tier`. */
export function eggFrame(tier: EggTier): string {
  return tier;
}

/** The frame a hatched eidol shows: its collection and rarity, the variant fixed by its id. */
export function hatchedFrame(collection: string, rarity: Rarity, eidolId: number): string {
  return `eidol-${collection}-${rarity}-${(eidolId % EIDOL_VARIANTS) + 1}`;
}

/** The frame of an eidol whose value is 0 (spec: "value 0 shows the loss sprite"). */
export const LOSS_FRAME = 'eidol-loss';
