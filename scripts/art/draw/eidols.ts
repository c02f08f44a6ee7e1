/**
 * Eidols: procedurally drawn symmetric pixel creatures. Each skin has its own body template (so
 * silhouettes differ), rarity adds ornaments and auras, the collection sets palette and style
 * (spooky ones are ghostly with wavy tails and hollow eyes). Seeds are fixed, so output is stable.
 */
import { COLORS, glow, mix, pixelField, seeded, svgDoc } from './pixel';

const N = 16; // grid is N×N, mirrored from an 8-wide left half
const PX = 14;
const SIZE = 256;

/** Half-templates (8 wide): 0 empty, 1 maybe body, 2 maybe body (more likely), 3 always body. */
const TEMPLATES: Record<number, string[]> = {
  // a round slime/blob
  1: [
    '00000000',
    '00000000',
    '00000000',
    '00000111',
    '00001223',
    '00012233',
    '00122333',
    '00122333',
    '01223333',
    '01223333',
    '01223333',
    '01223333',
    '00122333',
    '00011223',
    '00000000',
    '00000000',
  ],
  // a critter with ears, torso and legs
  2: [
    '00000000',
    '00100000',
    '00110000',
    '00121111',
    '00012233',
    '00012233',
    '00012333',
    '00001233',
    '00012233',
    '00122333',
    '01122233',
    '00012233',
    '00012203',
    '00012003',
    '00033003',
    '00000000',
  ],
  // a winged bat/moth
  3: [
    '00000000',
    '00000000',
    '10000000',
    '11000001',
    '12100012',
    '12210023',
    '01221233',
    '01222333',
    '00122333',
    '00012333',
    '00001233',
    '00000233',
    '00000123',
    '00000013',
    '00000000',
    '00000000',
  ],
};

/** Spooky skins have their own bodies: a sheet ghost, a lantern-headed pumpkin, a skull bat. */
const SPOOKY_TEMPLATES: Record<number, string[]> = {
  1: [
    '00000000',
    '00000000',
    '00000122',
    '00001233',
    '00012333',
    '00123333',
    '00123333',
    '00123333',
    '01233333',
    '01233333',
    '01233333',
    '12333333',
    '12333333',
    '12333333',
    '13033033',
    '10003003',
  ],
  2: [
    '00000000',
    '00000003',
    '00000003',
    '00000000',
    '00012233',
    '00123333',
    '01233333',
    '12333333',
    '12333333',
    '12333333',
    '12333333',
    '01233333',
    '00123333',
    '00012233',
    '00000000',
    '00000000',
  ],
  3: [
    '00000000',
    '00000000',
    '10000000',
    '21000000',
    '22100122',
    '12210233',
    '01221333',
    '00123333',
    '00013333',
    '00013333',
    '00001233',
    '00000303',
    '00000303',
    '00000000',
    '00000000',
    '00000000',
  ],
};

const RARITY_ORNAMENT: Record<string, string[]> = {
  common: [],
  rare: ['00000000', '00000000', '00000100', '00000100'], // small horns
  epic: ['00000000', '00010000', '00011000', '00001100', '00000000'], // bigger horns
  mythic: ['00000300', '00000030', '00000300', '00000030'], // crown spikes
};

const PALETTE: Record<string, Record<string, { body: string; accent: string; eye: string; aura?: string }>> = {
  basic: {
    common: { body: '#5fbf7f', accent: '#2f7a4c', eye: COLORS.white },
    rare: { body: '#5a8cff', accent: '#2b4aa8', eye: COLORS.white, aura: '#5a8cff' },
    epic: { body: '#a260ff', accent: '#5a2aa8', eye: COLORS.gold, aura: '#a260ff' },
    mythic: { body: COLORS.gold, accent: COLORS.goldDark, eye: COLORS.pink, aura: COLORS.gold },
  },
  spooky: {
    common: { body: '#c8c2e0', accent: '#7d7698', eye: '#9be7ff' },
    rare: { body: '#ff8c3a', accent: '#a8471a', eye: '#fff06a', aura: '#ff8c3a' },
    epic: { body: '#3b5c47', accent: '#7dff9a', eye: '#7dff9a', aura: '#7dff9a' },
    mythic: { body: COLORS.pink, accent: '#7a2d6b', eye: COLORS.white, aura: COLORS.pink },
  },
};

function buildMask(collection: string, rarity: string, skin: number): boolean[][] {
  const rnd = seeded(`eidol-${collection}-${rarity}-${skin}`);
  const tpl = (collection === 'spooky' ? SPOOKY_TEMPLATES : TEMPLATES)[skin] ?? TEMPLATES[1]!;
  const orn = RARITY_ORNAMENT[rarity] ?? [];
  const mask: boolean[][] = [];
  for (let y = 0; y < N; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < N / 2; x++) {
      const t = Number(tpl[y]?.[x] ?? '0');
      const o = Number(orn[y]?.[x] ?? '0');
      const on = t === 3 || (t === 2 && rnd() < 0.8) || (t === 1 && rnd() < 0.5) || o > 0;
      row.push(on);
    }
    mask.push([...row, ...[...row].reverse()]);
  }
  return mask;
}

/** SVG of one eidol skin, 256×256. */
export function eidolSvg(collection: string, rarity: string, skin: number): string {
  const mask = buildMask(collection, rarity, skin);
  const pal = PALETTE[collection]?.[rarity] ?? PALETTE.basic!.common!;
  const on = (x: number, y: number): boolean => mask[y]?.[x] === true;
  // eyes: first row from 4 where the two inner-left cells are body
  let eyeRow = -1;
  for (let y = 4; y < 10 && eyeRow < 0; y++) if (on(5, y) && on(4, y) && on(5, y + 1)) eyeRow = y;
  if (eyeRow < 0) eyeRow = 6;
  const spooky = collection === 'spooky';
  const rnd = seeded(`spots-${collection}-${rarity}-${skin}`);
  const spots = new Set<string>();
  for (let i = 0; i < 5; i++) {
    const x = 1 + Math.floor(rnd() * 6);
    const y = 3 + Math.floor(rnd() * 10);
    spots.add(`${x},${y}`).add(`${N - 1 - x},${y}`);
  }
  const cell = (x: number, y: number): string | null => {
    const isEye = y === eyeRow && (x === 5 || x === 10);
    const isPupil = y === eyeRow + 1 && (x === 5 || x === 10);
    // spooky eyes are hollow sockets, two cells wide, with a glowing pupil
    if (spooky && (y === eyeRow || y === eyeRow + 1) && (x === 4 || x === 11)) return '#000000';
    if (isEye) return spooky ? '#000000' : pal.eye;
    if (isPupil) return spooky ? pal.eye : COLORS.black;
    if (y === eyeRow + 3 && x >= 6 && x <= 9 && on(x, y)) return spooky ? '#000000' : pal.accent; // mouth
    if (!on(x, y)) return null;
    if (spots.has(`${x},${y}`)) return pal.accent;
    if (!on(x, y - 1)) return mix(pal.body, '#ffffff', 0.4);
    if (spooky && skin === 2 && (x + 1) % 4 === 0 && y > 4) return pal.accent; // pumpkin ribs
    if (!on(x, y + 1) || !on(x + 1, y)) return mix(pal.body, '#000000', 0.3);
    return pal.body;
  };
  const ox = (SIZE - N * PX) / 2;
  const body = pixelField(N, N, cell, PX, { ox, oy: ox });
  const auraColor = pal.aura ?? (spooky ? '#9be7ff' : undefined);
  const aura = auraColor ? glow('aura', SIZE / 2, SIZE / 2, SIZE / 2, auraColor, rarity === 'mythic' ? 0.65 : pal.aura ? 0.4 : 0.2) : '';
  const sparkles =
    rarity === 'mythic'
      ? [
          [20, 30],
          [222, 48],
          [30, 210],
          [226, 200],
        ]
          .map(([x, y]) => `<rect x="${x}" y="${y}" width="8" height="8" fill="${COLORS.goldLight}"/>`)
          .join('')
      : '';
  const ghost = spooky && skin === 1 ? ' opacity="0.85"' : '';
  return svgDoc(SIZE, SIZE, `${aura}<g${ghost}>${body}</g>${sparkles}`);
}

/** The Egregori (transmuted form): a winged, three-eyed gold-and-black entity, 320×320. */
export function egregoriSvg(): string {
  const half = [
    '0000000000000000',
    '0000000000000003',
    '0000000000000033',
    '1100000000000333',
    '1110000000003333',
    '1211000000033333',
    '1221100000333333',
    '0122110003333333',
    '0122211033333333',
    '0012221133333333',
    '0001222333333333',
    '0000122333333333',
    '0000012333333333',
    '0000001233333333',
    '0000000123333333',
    '0000000033333333',
    '0000000033333333',
    '0000000333333333',
    '0000000333333333',
    '0000003333333333',
    '0000003330003333',
    '0000033300000333',
    '0000033000000033',
    '0000000000000000',
  ];
  const rows = half.map((r) => [...r, ...[...r].reverse()]);
  const cols = 32;
  const px = 10;
  const cell = (x: number, y: number): string | null => {
    const v = rows[y]?.[x];
    if (v === undefined || v === '0') return null;
    const eye = (y === 7 && (x === 12 || x === 19)) || (y === 4 && (x === 15 || x === 16));
    if (eye) return COLORS.pink;
    if (v === '1') return COLORS.gold;
    if (v === '2') return COLORS.goldDark;
    return (x + y) % 7 === 0 ? COLORS.violet : y < 3 ? COLORS.gold : '#1b1428';
  };
  return svgDoc(
    320,
    320,
    glow('eg', 160, 150, 160, COLORS.gold, 0.5) + pixelField(cols, 24, cell, px, { ox: 0, oy: 40, outline: COLORS.goldLight }),
  );
}

/** The Egod (highest form): a radiant figure with a halo, 320×320. */
export function egodSvg(): string {
  const cell = (x: number, y: number): string | null => {
    const cx = 15.5;
    const dx = Math.abs(x - cx);
    if (y >= 1 && y <= 3 && Math.abs(Math.hypot(dx, (y - 6) * 1.5) - 7) < 0.9) return COLORS.gold; // halo
    if (y >= 4 && y <= 9 && dx < 3.2) return y === 6 && dx > 1 && dx < 2.2 ? COLORS.black : '#fff6e0'; // head
    if (y >= 10 && y <= 25 && dx < 3 + (y - 10) * 0.55)
      return dx < 1 ? COLORS.gold : (y + Math.round(dx)) % 6 === 0 ? COLORS.pink : '#f4eefa';
    if (y >= 11 && y <= 15 && dx < 12 && dx > 3 && y - 10 > (dx - 3) * 0.4) return mix(COLORS.pink, COLORS.gold, dx / 12); // arms of light
    return null;
  };
  return svgDoc(
    320,
    320,
    glow('god', 160, 160, 160, COLORS.pink, 0.55) +
      glow('god2', 160, 90, 90, COLORS.gold, 0.6) +
      pixelField(32, 27, cell, 10, { ox: 0, oy: 30, outline: COLORS.goldDark }),
  );
}

/** The loss sprite for an eidol at value 0: a cracked, drained shell with a pink wisp. */
export function lossSvg(): string {
  const cell = (x: number, y: number): string | null => {
    const cx = 7.5;
    const nx = (x - cx) / 6.5;
    const ny = (y - 9) / (y < 9 ? 8 : 6);
    if (nx * nx + ny * ny > 1) return null;
    if (y < 9 && Math.abs(x - cx + (y % 3) - 1) < 1) return null; // crack open at the top
    if (y === 9 || y === 10) return x % 3 === 0 ? null : '#5a5068';
    return y > 10 ? '#3a3346' : '#6f6480';
  };
  const wisp = `<path d="M128 40 C 100 20, 150 0, 124 -10" stroke="${COLORS.pink}" stroke-width="8" fill="none" opacity="0.8" transform="translate(0 40)"/>`;
  return svgDoc(256, 256, wisp + pixelField(16, 16, cell, 14, { ox: 16, oy: 40 }));
}

/** The risk eye: a gold iris with a black pupil in a pink-veined white, 160×112. */
export function riskEyeSvg(): string {
  const cell = (x: number, y: number): string | null => {
    const nx = (x - 11.5) / 11.5;
    const ny = (y - 7.5) / 6.5;
    const lid = nx * nx + ny * ny;
    if (lid > 1) return null;
    const d = Math.hypot(x - 11.5, y - 7.5);
    if (d < 1.8) return COLORS.black;
    if (d < 4.2) return d < 3 ? COLORS.gold : COLORS.goldDark;
    if ((x * 3 + y * 7) % 13 === 0) return COLORS.pink;
    return lid > 0.7 ? '#d9d0e6' : COLORS.white;
  };
  return svgDoc(
    160,
    112,
    glow('eye', 80, 56, 80, COLORS.gold, 0.35) +
      pixelField(24, 16, cell, 6, { ox: 8, oy: 8 }) +
      `<rect x="64" y="40" width="8" height="8" fill="#ffffff"/>`,
  );
}
