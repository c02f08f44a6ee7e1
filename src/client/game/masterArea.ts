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

/** Where a band's row of art stands, in design pixels: one scale for the row, each figure's bottom-centre. */
export interface BandPlacement {
  /** Design pixels per unit of the art's own size (a frame's size at full resolution). */
  fit: number;
  /** Distance between neighbouring figures' centres. */
  slot: number;
  /** The centre x of figure i. */
  centres: number[];
  /** The y of every figure's bottom edge. */
  bottom: number;
}

/**
 * Places a row of art in the master band of a column `designHeight` design pixels tall (width DESIGN_WIDTH):
 * one figure fills the band; a row shares its width, each a little shorter so the row reads as one picture,
 * with one scale for the whole row so the art keeps its own proportions (a coin stays smaller than an eidol).
 * `sizes` are the frames' sizes at full resolution. The stage's band (bandScene.ts) and the DOM's (BandArtView.tsx) both draw from it.
 */
export function bandPlacement(sizes: readonly { w: number; h: number }[], designHeight: number, designWidth: number): BandPlacement {
  const n = sizes.length;
  const top = designHeight * MASTER_AREA_TOP;
  const h = designHeight * MASTER_AREA_HEIGHT;
  const slot = n === 1 ? designWidth * 0.6 : (designWidth * 0.84) / Math.max(1, n);
  const tall = n === 1 ? 0.92 : 0.72;
  const fit = n === 0 ? 1 : Math.min(...sizes.map((s) => Math.min((h * tall) / s.h, (slot * 0.9) / s.w)));
  const centres = sizes.map((_, i) => designWidth / 2 + (i - (n - 1) / 2) * slot);
  return { fit, slot, centres, bottom: top + h * 0.96 };
}
