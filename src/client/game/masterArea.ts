/** Where the master avatar is drawn, as fractions of the column height; the HUD reserves the same band. */

/** Top of the master band (fraction of the column height). */
export const MASTER_AREA_TOP = 0.04;
/** Height of the master band (fraction of the column height). */
export const MASTER_AREA_HEIGHT = 0.3;

/** The slide offset of a carousel transition at progress t ∈ [0, 1] (ease-out cubic), from 1 to 0. */
export function slideOffset(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return Math.pow(1 - c, 3);
}
