/** Pixel-art to SVG: a grid of characters plus a palette becomes crisp run-length rects. */
import { mulberry32 } from '../../../src/shared/mulberry32';

/** Palette: one character → CSS colour; '.' and ' ' are always transparent. */
export type Palette = Record<string, string>;

/** Options for pixelSvg. */
export interface PixelOptions {
  /** Size of one art pixel in output pixels at full resolution. */
  px: number;
  /** Padding in art pixels around the grid. */
  pad?: number;
  /** Extra SVG drawn under the pixels (glows, shadows), in output coordinates. */
  under?: string;
  /** Extra SVG drawn over the pixels. */
  over?: string;
  /** Output size override (centres the grid). */
  width?: number;
  height?: number;
}

/** Rect runs of one grid, in output coordinates, without the svg wrapper (for composing scenes). */
export function pixelRects(grid: readonly string[], palette: Palette, px: number, ox = 0, oy = 0): string {
  const out: string[] = [];
  grid.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      const ch = row[x] ?? '.';
      let end = x + 1;
      while (end < row.length && row[end] === ch) end++;
      const fill = palette[ch];
      if (ch !== '.' && ch !== ' ') {
        if (fill === undefined) throw new Error(`pixel grid uses "${ch}" with no palette colour`);
        out.push(`<rect x="${ox + x * px}" y="${oy + y * px}" width="${(end - x) * px}" height="${px}" fill="${fill}"/>`);
      }
      x = end;
    }
  });
  return out.join('');
}

/** A whole SVG document for one pixel-art frame. */
export function pixelSvg(grid: readonly string[], palette: Palette, opts: PixelOptions): string {
  const cols = Math.max(...grid.map((r) => r.length));
  const pad = opts.pad ?? 0;
  const w = opts.width ?? (cols + pad * 2) * opts.px;
  const h = opts.height ?? (grid.length + pad * 2) * opts.px;
  const ox = Math.round((w - cols * opts.px) / 2);
  const oy = Math.round((h - grid.length * opts.px) / 2);
  return svgDoc(
    w,
    h,
    `${opts.under ?? ''}<g shape-rendering="crispEdges">${pixelRects(grid, palette, opts.px, ox, oy)}</g>${opts.over ?? ''}`,
  );
}

/** Wraps SVG content in a document of the given size. */
export function svgDoc(w: number, h: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
}

/** Mirrors each row of a left half onto the right, for symmetric creatures and objects. */
export function mirror(half: readonly string[], shareCentre = false): string[] {
  return half.map(
    (row) =>
      row +
      [...row]
        .reverse()
        .join('')
        .slice(shareCentre ? 1 : 0),
  );
}

/** Deterministic PRNG (mulberry32) seeded from a string, so art regenerates identically. */
export function seeded(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return mulberry32(h);
}

/** The art direction's fixed colours. */
export const COLORS = {
  black: '#07060b',
  night: '#120d1c',
  dusk: '#24183a',
  violet: '#3d2a5c',
  gold: '#E5C44F',
  goldLight: '#fff0a8',
  goldDark: '#9c7d1e',
  pink: '#FF8EE4',
  pinkDark: '#b04d9c',
  white: '#ffffff',
  outline: '#0b0812',
} as const;

/** A 3×5 pixel font for titles and small labels drawn as art (no system fonts, so output is reproducible). */
const FONT: Record<string, string[]> = {
  S: ['###', '#..', '###', '..#', '###'],
  P: ['###', '#.#', '###', '#..', '#..'],
  G: ['###', '#..', '#.#', '#.#', '###'],
  D: ['##.', '#.#', '#.#', '#.#', '##.'],
  A: ['###', '#.#', '###', '#.#', '#.#'],
  O: ['###', '#.#', '#.#', '#.#', '###'],
  X: ['#.#', '#.#', '.#.', '#.#', '#.#'],
  $: ['.#.', '###', '##.', '.##', '###'],
};

/** Rasterises text with the built-in pixel font into a grid using `ch` for ink. */
export function textGrid(text: string, ch = '#'): string[] {
  const rows = ['', '', '', '', ''];
  [...text].forEach((letter, i) => {
    const glyph = FONT[letter] ?? FONT.O!;
    for (let r = 0; r < 5; r++) rows[r] += (i > 0 ? '.' : '') + glyph[r]!.replaceAll('#', ch);
  });
  return rows;
}

/** A colour per cell (null = empty) for procedurally drawn sprites. */
export type CellFn = (x: number, y: number) => string | null;

/** Rasterises a cell function into run-length rects, adding a 1-cell outline around the filled shape. */
export function pixelField(
  cols: number,
  rows: number,
  fn: CellFn,
  px: number,
  opts: { ox?: number; oy?: number; outline?: string | null } = {},
): string {
  const ox = opts.ox ?? 0;
  const oy = opts.oy ?? 0;
  const cells: (string | null)[][] = [];
  for (let y = 0; y < rows; y++) {
    const row: (string | null)[] = [];
    for (let x = 0; x < cols; x++) row.push(fn(x, y));
    cells.push(row);
  }
  const outline = opts.outline === undefined ? COLORS.outline : opts.outline;
  if (outline) {
    const filled = (x: number, y: number): boolean => cells[y]?.[x] != null;
    const copy = cells.map((r) => [...r]);
    for (let y = 0; y < rows; y++)
      for (let x = 0; x < cols; x++)
        if (!filled(x, y) && (filled(x - 1, y) || filled(x + 1, y) || filled(x, y - 1) || filled(x, y + 1))) copy[y]![x] = outline;
    cells.splice(0, cells.length, ...copy);
  }
  const out: string[] = [];
  cells.forEach((row, y) => {
    let x = 0;
    while (x < cols) {
      const c = row[x];
      let end = x + 1;
      while (end < cols && row[end] === c) end++;
      if (c) out.push(`<rect x="${ox + x * px}" y="${oy + y * px}" width="${(end - x) * px}" height="${px}" fill="${c}"/>`);
      x = end;
    }
  });
  return `<g shape-rendering="crispEdges">${out.join('')}</g>`;
}

/** Mixes two #rrggbb colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return (
    '#' +
    pa
      .map((v, i) =>
        Math.round(v + (pb[i]! - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** A soft radial glow (for auras under creatures and lit props). */
export function glow(id: string, cx: number, cy: number, r: number, color: string, opacity = 0.5): string {
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id})"/>`;
}

/** A shape of a layered pixel scene: where it is, and its colour there. */
export interface Shape {
  test: (x: number, y: number) => boolean;
  color: string | ((x: number, y: number) => string | null);
}
/** Axis-aligned box of cells, inclusive. */
export const box =
  (x0: number, y0: number, x1: number, y1: number) =>
  (x: number, y: number): boolean =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
/** Filled ellipse of cells. */
export const oval =
  (cx: number, cy: number, rx: number, ry: number) =>
  (x: number, y: number): boolean =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
/** Shape from a test and colour. */
export const shape = (test: Shape['test'], color: Shape['color']): Shape => ({ test, color });

/** Rasterises layered shapes (later shapes on top) over cols×rows cells of `px` pixels, outlined. */
export function scene(
  cols: number,
  rows: number,
  shapes: Shape[],
  px: number,
  opts: { ox?: number; oy?: number; outline?: string | null } = {},
): string {
  return pixelField(
    cols,
    rows,
    (x, y) => {
      for (let i = shapes.length - 1; i >= 0; i--) {
        const s = shapes[i]!;
        if (s.test(x, y)) {
          const c = typeof s.color === 'string' ? s.color : s.color(x, y);
          if (c !== null) return c;
        }
      }
      return null;
    },
    px,
    opts,
  );
}
