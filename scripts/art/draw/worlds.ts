/**
 * World layers for the Forum and the Ditch: parallax (sky, slowest), rear (architecture) and front
 * (ground). Each is 1024 px wide and tiles horizontally: every feature repeats with a period that
 * divides the tile width, so the seam is invisible.
 */
import { COLORS, glow, mix, pixelField, seeded, svgDoc } from './pixel';

const W = 1024;
const PX = 8;
const COLS = W / PX; // 128

/** Layer heights at full resolution (the design screen is 1080 wide). */
export const LAYER_SIZE = { parallax: 960, rear: 720, front: 240 } as const;

function starField(seed: string, h: number, colours: string[]): string {
  const rnd = seeded(seed);
  const out: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = Math.floor(rnd() * COLS) * PX;
    const y = Math.floor((rnd() * (h * 0.6)) / PX) * PX;
    const big = rnd() < 0.15;
    out.push(
      `<rect x="${x}" y="${y}" width="${big ? 8 : 4}" height="${big ? 8 : 4}" fill="${colours[i % colours.length]}" opacity="${(0.4 + rnd() * 0.6).toFixed(2)}"/>`,
    );
  }
  return `<g shape-rendering="crispEdges">${out.join('')}</g>`;
}

/** Heights of a skyline, periodic over the tile. */
function skyline(seed: string, base: number, amp: number, period: number): (x: number) => number {
  const rnd = seeded(seed);
  const phases = [rnd(), rnd(), rnd()].map((p) => p * Math.PI * 2);
  return (x) =>
    base -
    amp *
      (0.5 * Math.sin((2 * Math.PI * x) / period + phases[0]!) +
        0.3 * Math.sin((4 * Math.PI * x) / period + phases[1]!) +
        0.2 * Math.sin((8 * Math.PI * x) / period + phases[2]!));
}

function sky(id: string, top: string, bottom: string, h: number): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${h}" fill="url(#${id})"/>`;
}

/** Forum parallax: night sky, stars, a pink aurora and far spires. */
export function forumParallaxSvg(): string {
  const h = LAYER_SIZE.parallax;
  const rows = h / PX;
  const hill = skyline('forum-far', rows - 30, 10, COLS);
  const spires = pixelField(
    COLS,
    rows,
    (x, y) => {
      const spire = x % 32;
      const tall = 40 + ((x / 32) | 0) * 9;
      if (spire >= 14 && spire <= 17 && y > rows - tall && y > rows - tall + Math.abs(spire - 15.5) * 6)
        return (spire === 15 || spire === 16) && y % 5 === 0 && y > rows - tall + 8 ? COLORS.gold : '#1b1428'; // lit windows
      if (y > hill(x)) return y > hill(x) + 1 ? '#150f20' : '#2a1f3d';
      return null;
    },
    PX,
    { outline: null },
  );
  // a wavy aurora band; the wave completes whole periods across the tile so it tiles
  const aurora = `<g opacity="0.3" shape-rendering="crispEdges">${Array.from({ length: 64 }, (_, i) => {
    const y = 260 + Math.round((Math.sin((i / 64) * Math.PI * 4) * 40) / PX) * PX;
    return `<rect x="${i * 16}" y="${y}" width="16" height="${48 + (i % 3) * 8}" fill="${mix('#b070ff', COLORS.pink, (Math.sin((i / 64) * Math.PI * 2) + 1) / 2)}"/>`;
  }).join('')}</g>`;
  return svgDoc(
    W,
    h,
    sky('fsky', COLORS.black, COLORS.violet, h) + starField('forum-stars', h, [COLORS.white, COLORS.gold, COLORS.pink]) + aurora + spires,
  );
}

/** Forum rear: a colonnade of arches with hanging gold lanterns (transparent sky). */
export function forumRearSvg(): string {
  const h = LAYER_SIZE.rear;
  const rows = h / PX;
  const top = 22;
  const arch = pixelField(
    COLS,
    rows,
    (x, y) => {
      const m = x % 32;
      if (y < top) return null;
      if (y <= top + 3) return y === top ? COLORS.gold : '#4a3a68'; // entablature
      if (m <= 4) return m === 0 ? '#2a1f3d' : m === 4 ? '#6a5a88' : '#4a3a68'; // column
      const cx = 18.5;
      const r = 13;
      const archTop = top + 4 + r - Math.sqrt(Math.max(0, r * r - (m - cx) ** 2));
      if (y < archTop) return '#3a2d55'; // spandrel
      if (y < archTop + 1) return COLORS.goldDark;
      return null; // open arch: the parallax shows through
    },
    PX,
    { outline: null },
  );
  const lanterns = Array.from({ length: 4 }, (_, i) => {
    const x = i * 256 + 148;
    return `${glow(`l${i}`, x + 8, 330, 60, COLORS.gold, 0.5)}<rect x="${x + 6}" y="${(top + 4) * PX}" width="4" height="${330 - (top + 4) * PX - 12}" fill="#6f6480"/><g shape-rendering="crispEdges"><rect x="${x}" y="318" width="16" height="24" fill="${COLORS.gold}"/><rect x="${x + 4}" y="322" width="8" height="16" fill="${COLORS.goldLight}"/></g>`;
  }).join('');
  const banners = Array.from(
    { length: 4 },
    (_, i) =>
      `<g shape-rendering="crispEdges"><rect x="${i * 256 + 12}" y="${(top + 5) * PX}" width="16" height="120" fill="${i % 2 ? COLORS.pink : COLORS.gold}" opacity="0.8"/></g>`,
  ).join('');
  return svgDoc(W, h, arch + banners + lanterns);
}

/** Forum front: black marble floor with gold inlay and pink runes. */
export function forumFrontSvg(): string {
  const h = LAYER_SIZE.front;
  const rows = h / PX;
  return svgDoc(
    W,
    h,
    pixelField(
      COLS,
      rows,
      (x, y) => {
        if (y === 0) return COLORS.gold;
        if (y === 1) return COLORS.goldDark;
        if (y % 8 === 2 || (x + (Math.floor(y / 8) % 2) * 8) % 16 === 0) return mix(COLORS.night, COLORS.gold, 0.25);
        if (x % 64 === 32 && y % 8 === 5) return COLORS.pink;
        return (x * 5 + y * 11) % 23 === 0 ? '#1d1629' : COLORS.night;
      },
      PX,
      { outline: null },
    ),
  );
}

/** Ditch parallax: a bruised sky with jagged mountains. */
export function ditchParallaxSvg(): string {
  const h = LAYER_SIZE.parallax;
  const rows = h / PX;
  const far = skyline('ditch-far', rows - 40, 22, COLS);
  const near = skyline('ditch-near', rows - 18, 10, COLS / 2);
  const hills = pixelField(
    COLS,
    rows,
    (x, y) => {
      if (y > near(x)) return '#140c18';
      if (y > far(x)) return (x * 3 + y) % 17 === 0 ? '#3a1f3a' : '#24142a';
      return null;
    },
    PX,
    { outline: null },
  );
  return svgDoc(
    W,
    h,
    sky('dsky', COLORS.black, '#3a1430', h) +
      starField('ditch-stars', h, [COLORS.white, COLORS.pink]) +
      glow('dmoon', 700, 180, 120, COLORS.pink, 0.35) +
      hills,
  );
}

/** Ditch rear: broken columns, boulders and dead trees. */
export function ditchRearSvg(): string {
  const h = LAYER_SIZE.rear;
  const rows = h / PX;
  return svgDoc(
    W,
    h,
    pixelField(
      COLS,
      rows,
      (x, y) => {
        const m = x % 64;
        const colTop = rows - 38 - ((x / 64) | 0) * 9;
        if (m >= 6 && m <= 10 && y > colTop && y > colTop + (m === 6 ? 3 : m === 10 ? 1 : 0)) return m === 6 ? '#4a4058' : '#6a607a'; // column stump
        if (m >= 39 && m <= 40 && y > rows - 44) return '#2a1a20'; // tree trunk
        if (y > rows - 54 && y <= rows - 44 && (Math.abs(m - 39.5) - 0.5 === rows - 44 - y || (m === 39 && y > rows - 50)))
          return '#2a1a20'; // branches
        if (Math.hypot((x % 32) - 20, y - (rows - 2)) < 6) return '#3a3346'; // boulders
        return null;
      },
      PX,
      { outline: '#0b0812' },
    ),
  );
}

/** Ditch front: dark earth with grass tufts and gold-lit puddles. */
export function ditchFrontSvg(): string {
  const h = LAYER_SIZE.front;
  const rows = h / PX;
  return svgDoc(
    W,
    h,
    pixelField(
      COLS,
      rows,
      (x, y) => {
        if (y === 0 && x % 4 !== 1) return '#3f6a3a';
        if (y === 1) return '#2a4a28';
        if (y >= 6 && y <= 7 && x % 48 >= 20 && x % 48 <= 32) return y === 6 ? mix(COLORS.gold, '#2a2340', 0.5) : '#2a2340';
        return (x * 7 + y * 13) % 19 === 0 ? '#3a2a22' : '#24180f';
      },
      PX,
      { outline: null },
    ),
  );
}
