/**
 * Fits the portrait 1080-wide design canvas into the viewport: the app column is the viewport on a phone
 * and a centred 9:16 column on wide screens. The HUD reads the same scale through CSS variables.
 */

/** Width of the design canvas in design pixels. */
export const DESIGN_WIDTH = 1080;
/** Narrowest aspect (width / height) of the app column on wide screens: a tall phone. */
export const COLUMN_ASPECT = 9 / 16;

/** Where the app column sits and how design pixels map to CSS pixels. */
export interface Layout {
  /** CSS pixels of the column. */
  width: number;
  height: number;
  /** Left offset of the column in the viewport. */
  left: number;
  /** CSS pixels per design pixel. */
  scale: number;
  /** Height of the column in design pixels (width is always DESIGN_WIDTH). */
  designHeight: number;
}

/** Computes the layout for a viewport of `vw` × `vh` CSS pixels. */
export function computeLayout(vw: number, vh: number): Layout {
  const safeW = Math.max(1, Math.floor(vw));
  const safeH = Math.max(1, Math.floor(vh));
  const width = Math.min(safeW, Math.max(320, Math.round(safeH * COLUMN_ASPECT)));
  const scale = width / DESIGN_WIDTH;
  return { width, height: safeH, left: Math.floor((safeW - width) / 2), scale, designHeight: safeH / scale };
}

/** Publishes the layout as CSS variables (--hud-scale, --app-width, --app-height, --app-left). */
export function applyLayoutCss(layout: Layout, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--hud-scale', String(layout.scale));
  root.style.setProperty('--app-width', `${layout.width}px`);
  root.style.setProperty('--app-height', `${layout.height}px`);
  root.style.setProperty('--app-left', `${layout.left}px`);
}

/** Calls `onLayout` now and on every viewport change; returns the unsubscribe. */
export function watchLayout(onLayout: (layout: Layout) => void): () => void {
  const update = () => onLayout(computeLayout(window.innerWidth, window.innerHeight));
  update();
  window.addEventListener('resize', update);
  window.visualViewport?.addEventListener('resize', update);
  return () => {
    window.removeEventListener('resize', update);
    window.visualViewport?.removeEventListener('resize', update);
  };
}
