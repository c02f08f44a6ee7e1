/** Eggs (egg1–egg4 and the empty slot) and the eggtoplasm jar stages. */
import { COLORS, glow, mix, pixelField, svgDoc } from './pixel';

const COLS = 16;
const ROWS = 20;
const PX = 12;

function inEgg(x: number, y: number): boolean {
  const cx = (COLS - 1) / 2;
  const nx = (x - cx) / 6.6;
  const cy = 11;
  const ny = y < cy ? (y - cy) / 10 : (y - cy) / 7.6;
  return nx * nx + ny * ny <= 1;
}

interface EggLook {
  base: string;
  pattern: (x: number, y: number) => string | null;
  aura?: string;
}

const EGGS: Record<string, EggLook> = {
  egg1: { base: '#e9e2d3', pattern: (x, y) => ((x * 7 + y * 13) % 11 === 0 ? '#b9ad96' : null) },
  egg2: { base: '#f1e6c2', pattern: (_x, y) => (y === 8 || y === 13 ? COLORS.gold : y === 9 || y === 14 ? COLORS.goldDark : null) },
  egg3: { base: '#3d2a5c', pattern: (x, y) => ((x + y) % 5 === 0 && y > 4 && y < 17 ? COLORS.pink : null), aura: COLORS.pink },
  egg4: {
    base: '#15121c',
    pattern: (x, y) =>
      Math.abs(x - 7.5 - Math.sin(y * 0.9) * 2) < 0.8 && y > 3 ? COLORS.gold : (x * 5 + y * 3) % 17 === 0 ? COLORS.pink : null,
    aura: COLORS.gold,
  },
};

/** SVG of an egg tier (egg1–egg4), 192×240 plus room for its aura. */
export function eggSvg(type: string): string {
  const look = EGGS[type] ?? EGGS.egg1!;
  const W = 216;
  const H = 264;
  const ox = (W - COLS * PX) / 2;
  const oy = (H - ROWS * PX) / 2;
  const body = pixelField(
    COLS,
    ROWS,
    (x, y) => {
      if (!inEgg(x, y)) return null;
      const p = look.pattern(x, y);
      if (p) return p;
      const light = !inEgg(x - 1, y - 1);
      const dark = !inEgg(x + 1, y + 1);
      return light ? mix(look.base, '#ffffff', 0.45) : dark ? mix(look.base, '#000000', 0.35) : look.base;
    },
    PX,
    { ox, oy },
  );
  const aura = look.aura ? glow('aura', W / 2, H / 2, W / 2, look.aura, 0.45) : '';
  const shine = `<rect x="${ox + 4 * PX}" y="${oy + 4 * PX}" width="${PX}" height="${PX * 2}" fill="#ffffff" opacity="0.7"/>`;
  return svgDoc(W, H, aura + body + shine);
}

/** SVG of the empty egg slot: a dashed ghost outline with a plus. */
export function emptyEggSvg(): string {
  const W = 216;
  const H = 264;
  const ox = (W - COLS * PX) / 2;
  const oy = (H - ROWS * PX) / 2;
  const ring = pixelField(
    COLS,
    ROWS,
    (x, y) => {
      if (!inEgg(x, y)) return null;
      const edge = !inEgg(x - 1, y) || !inEgg(x + 1, y) || !inEgg(x, y - 1) || !inEgg(x, y + 1);
      return edge && (x + y) % 2 === 0 ? COLORS.violet : null;
    },
    PX,
    { ox, oy, outline: null },
  );
  const cx = W / 2;
  const cy = oy + 11 * PX;
  const plus = `<g fill="${COLORS.gold}" opacity="0.85"><rect x="${cx - 6}" y="${cy - 36}" width="12" height="72"/><rect x="${cx - 36}" y="${cy - 6}" width="72" height="12"/></g>`;
  return svgDoc(W, H, ring + plus);
}

/** SVG of the eggtoplasm jar at fill stage 0 (empty) … 4 (filled and glowing). */
export function eggtoplasmSvg(stage: number): string {
  const C = 14;
  const R = 18;
  const W = 192;
  const H = 256;
  const ox = (W - C * PX) / 2;
  const oy = H - R * PX - 8;
  const fillTop = R - 2 - Math.round((stage / 4) * 11);
  const jar = pixelField(
    C,
    R,
    (x, y) => {
      if (y < 2) return x >= 3 && x <= 10 ? (y === 0 ? COLORS.goldLight : COLORS.gold) : null; // lid
      if (y === 2) return x >= 4 && x <= 9 ? '#9fb6c9' : null; // neck
      if (x < 1 || x > 12 || y > R - 1) return null;
      const wall = x === 1 || x === 12 || y === R - 1 || y === 3;
      if (wall) return '#b8d4e8';
      if (y >= fillTop && stage > 0) {
        const bubble = (x * 3 + y * 5 + stage) % 9 === 0;
        return bubble ? '#ffd6f6' : y === fillTop ? mix(COLORS.pink, '#ffffff', 0.35) : mix(COLORS.pink, '#7a2d6b', (y - fillTop) / 14);
      }
      return x === 3 && y > 4 && y < 12 ? '#ffffff' : '#2a2340';
    },
    PX,
    { ox, oy },
  );
  const aura = stage === 4 ? glow('ecto', W / 2, H / 2 + 20, W / 2, COLORS.pink, 0.6) : '';
  return svgDoc(W, H, aura + jar);
}
