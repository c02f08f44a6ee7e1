/**
 * The home swiper's slides in the spec's order (spec 1 §2 "Home"): one per eidol; the egg slot for an extra
 * eidol while the player owns fewer eidols than their level (with no eidols at all: the first-egg slot,
 * offering Buy Eidol Egg and Grow Free Egg); one per inventory item; then shop, forum and ref.
 */
import type { EidolView } from '../../../shared/api/game';
import type { Item } from '../../../shared/api/user';

/** A slide's kind; the caption and the action button follow it. */
export type HomeSlideKind = 'eidol' | 'extra' | 'item' | 'shop' | 'forum' | 'ref';

/** One slide; `key` stays the same while the thing it shows exists, so the swiper keeps its place. */
export type HomeSlide =
  | { kind: 'eidol'; key: string; eidol: EidolView }
  /** `first`: the player has no eidol yet (Buy Eidol Egg, Grow Free Egg). */
  | { kind: 'extra'; key: 'extra'; first: boolean }
  | { kind: 'item'; key: string; item: Item }
  | { kind: 'shop'; key: 'shop' }
  | { kind: 'forum'; key: 'forum' }
  | { kind: 'ref'; key: 'ref' };

/** The fixed slides that close the row. */
const TAIL: HomeSlide[] = [
  { kind: 'shop', key: 'shop' },
  { kind: 'forum', key: 'forum' },
  { kind: 'ref', key: 'ref' },
];

/** Whether the extra-egg slot shows: fewer eidols owned than the player's level (spec 1 §5). */
export function extraEidolAllowed(eidolCount: number, level: number): boolean {
  return eidolCount < level;
}

/**
 * The slides for a player of `level` with `eidols` and `items`; `eidols` null means the game has not loaded
 * yet (only the fixed slides, so no egg offer flashes before the eidols arrive).
 */
export function homeSlides(level: number, eidols: readonly EidolView[] | null, items: readonly Item[]): HomeSlide[] {
  const slides: HomeSlide[] = [];
  if (eidols !== null) {
    for (const eidol of eidols) slides.push({ kind: 'eidol', key: `eidol-${eidol.id}`, eidol });
    if (eidols.length === 0) slides.push({ kind: 'extra', key: 'extra', first: true });
    else if (extraEidolAllowed(eidols.length, level)) slides.push({ kind: 'extra', key: 'extra', first: false });
  }
  for (const item of items) if (item.quantity > 0) slides.push({ kind: 'item', key: `item-${item.id}`, item });
  return [...slides, ...TAIL];
}
