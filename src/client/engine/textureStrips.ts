/**
 * How a canvas texture's drawn rectangle is cut into strips of rows (dirtyRectSource.ts sends them): apart from
 * Pixi, so tests read the same limit.
 */

/** The most bytes one upload call sends: well inside the transfer buffer, so no call waits for the GPU process. */
export const STRIP_BYTES = 256 * 1024;

/** A band of rows: from row `y`, `rows` rows. */
export interface Strip {
  y: number;
  rows: number;
}

/** The strips `height` rows of `rowBytes` bytes each are sent in (one strip when they fit in STRIP_BYTES). */
export function stripsOf(height: number, rowBytes: number, maxBytes = STRIP_BYTES): Strip[] {
  const rows = Math.max(1, Math.floor(maxBytes / rowBytes));
  const strips: Strip[] = [];
  for (let y = 0; y < height; y += rows) strips.push({ y, rows: Math.min(rows, height - y) });
  return strips;
}
