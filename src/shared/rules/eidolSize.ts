/** How big an eidol is drawn (spec 1 §9, FACTS.md "Eidol size"): the same law on home, the eidol screen and shop eggs. */

/**
 * The eidol's drawing scale for a value in ANGLS: √((value − 1)/16 + 1), anchored at the bottom. Value 0
 * (a loss, shown with the loss sprite) and unreadable values give 1, the size of a one-ANGLS eidol.
 */
export function eidolSizeScale(value: number): number {
  if (!(value > 0)) return 1;
  return Math.sqrt((value - 1) / 16 + 1);
}
