/** The six master skins (facing right), the Puff pipe with smoke, titles, the selection ring and like-hearts. */
import { COLORS, pixelRects, pixelSvg, svgDoc, textGrid, type Palette } from './pixel';

const BODY = [
  '...KKSSSSSSK....',
  '...KBSSSSESK....',
  '...KBSSSSSSSK...',
  '...KBBsSSSSK....',
  '...KBBBBBBBK....',
  '..KRRBBBBBRRK...',
  '.KRRRRBBBRRRSS..',
  '.KRrRRRBRRRRKS..',
  '.KRrRRRRRRRRK...',
  '.KRrRRRTRRRRK...',
  '.KRrRRRTRRRRK...',
  'KRRrRRRTRRRRRK..',
  'KRrrRRRTRRRRRK..',
  'KTTTTTTTTTTTTK..',
  '.KKFFKKKKFFFK...',
  '..KFFK...KFFFK..',
];

/** Hat rows 0–7, 13 columns; the staff strip fills columns 13–15. */
const HATS: Record<number, string[]> = {
  1: [
    '........K....',
    '.......KHK...',
    '......KHHK...',
    '......KHHHK..',
    '.....KHHHHK..',
    '.....KHhHHHK.',
    '..KKKttttttKK',
    '.KHHHHHHHHHHH',
  ],
  2: [
    '.............',
    '.............',
    '.............',
    '.............',
    '......KKKK...',
    '....KKHHHHK..',
    '...KHHHHHHHK.',
    '..KHHhHHHHHHK',
  ],
  3: [
    '.............',
    '.............',
    '.............',
    '.............',
    '.............',
    '....K.K.K.K..',
    '....KtKtKtK..',
    '...KttttttttK',
  ],
  4: [
    '.............',
    '.............',
    '.....KKKKKK..',
    '.....KHHHHK..',
    '.....KHHHHK..',
    '.....KttttK..',
    '.....KHHHHK..',
    '..KKKHHHHHKKK',
  ],
  5: [
    '.............',
    '.............',
    '.............',
    '.............',
    '..K.......K..',
    '..KHK....KHK.',
    '...KHK..KHK..',
    '....KKKKKKK..',
  ],
  6: [
    '.............',
    '.............',
    '....KttttttK.',
    '...t.......t.',
    '....KttttttK.',
    '.............',
    '.....KKKKK...',
    '....KBBBBBK..',
  ],
};
const STAFF = ['...', '...', 'oOo', 'OOO', 'oOo', '.W.', '.W.', '.W.'];

interface MasterLook {
  hat: string;
  hatShade: string;
  trim: string;
  skin: string;
  skinShade: string;
  hair: string;
  robe: string;
  robeShade: string;
  orb: string;
  orbGlow: string;
  boots: string;
}

const LOOKS: Record<number, MasterLook> = {
  1: {
    hat: '#4b2e83',
    hatShade: '#2e1b52',
    trim: COLORS.gold,
    skin: '#f1c9a5',
    skinShade: '#c99c7a',
    hair: '#e8e4f0',
    robe: '#3a2466',
    robeShade: '#24163f',
    orb: COLORS.gold,
    orbGlow: COLORS.goldLight,
    boots: '#2a1d12',
  },
  2: {
    hat: COLORS.pink,
    hatShade: COLORS.pinkDark,
    trim: COLORS.pink,
    skin: '#c98e64',
    skinShade: '#9c6844',
    hair: '#2b1a2f',
    robe: '#5a1f4e',
    robeShade: '#3a1233',
    orb: COLORS.pink,
    orbGlow: '#ffd6f6',
    boots: '#1c1016',
  },
  3: {
    hat: COLORS.gold,
    hatShade: COLORS.goldDark,
    trim: COLORS.gold,
    skin: '#8d5a3b',
    skinShade: '#683f27',
    hair: '#2a1a10',
    robe: '#7a1224',
    robeShade: '#4d0a16',
    orb: '#ff5a5a',
    orbGlow: '#ffc2c2',
    boots: '#2a1a10',
  },
  4: {
    hat: '#15121c',
    hatShade: '#0a080f',
    trim: COLORS.gold,
    skin: '#e8b58f',
    skinShade: '#bf8c68',
    hair: '#9a97a6',
    robe: '#1f2a44',
    robeShade: '#131a2c',
    orb: COLORS.gold,
    orbGlow: COLORS.goldLight,
    boots: '#0d0b10',
  },
  5: {
    hat: '#e8dcc0',
    hatShade: '#b3a684',
    trim: '#e8dcc0',
    skin: '#a9714f',
    skinShade: '#7f5136',
    hair: '#3d2a1a',
    robe: '#1f4a3a',
    robeShade: '#123026',
    orb: COLORS.pink,
    orbGlow: '#ffd6f6',
    boots: '#1a140c',
  },
  6: {
    hat: COLORS.gold,
    hatShade: COLORS.goldDark,
    trim: COLORS.gold,
    skin: '#f5d7bd',
    skinShade: '#d1ad90',
    hair: '#c9c2b0',
    robe: '#dcd6e8',
    robeShade: '#a59fb6',
    orb: '#8fe8ff',
    orbGlow: '#e0faff',
    boots: '#6b5b4a',
  },
};

function masterGrid(id: number): string[] {
  const hat = HATS[id] ?? HATS[1]!;
  const top = hat.map((row, i) => row + STAFF[i]!);
  // The staff continues through the body wherever the body leaves the column free.
  const body = BODY.map((row) => (row[14] === '.' ? row.slice(0, 14) + 'W' + row.slice(15) : row));
  return [...top, ...body];
}

function masterPalette(look: MasterLook): Palette {
  return {
    K: COLORS.outline,
    H: look.hat,
    h: look.hatShade,
    t: look.trim,
    S: look.skin,
    s: look.skinShade,
    E: COLORS.black,
    B: look.hair,
    R: look.robe,
    r: look.robeShade,
    T: look.trim,
    W: '#6b4a2b',
    O: look.orb,
    o: look.orbGlow,
    F: look.boots,
  };
}

/** Display names of the skins (the gallery shows them; the register picker may too). */
export const MASTER_NAMES: Record<number, string> = {
  1: 'Aurum Magus',
  2: 'Rose Hierophant',
  3: 'Crowned Arbiter',
  4: 'Top-hat Broker',
  5: 'Horned Oracle',
  6: 'Haloed Ascetic',
};

/** SVG of master skin `id`, 16×24 art pixels at 10 px in a 180×250 frame (feet at the bottom). */
export function masterSvg(id: number): string {
  return svgDoc(180, 250, masterSvgBody(id));
}

/** The drawing of master `id` without the svg wrapper, in a 180×250 box (slides and previews reuse it). */
export function masterSvgBody(id: number): string {
  const look = LOOKS[id]!;
  const orb = `<defs><radialGradient id="orb${id}"><stop offset="0" stop-color="${look.orbGlow}" stop-opacity="0.55"/><stop offset="1" stop-color="${look.orbGlow}" stop-opacity="0"/></radialGradient></defs><circle cx="165" cy="50" r="30" fill="url(#orb${id})"/>`;
  return `${orb}<g shape-rendering="crispEdges">${pixelRects(masterGrid(id), masterPalette(look), 10, 10, 10)}</g>`;
}

/** The Puff pipe, held at the mouth: 12×6 art pixels. */
export function pipeSvg(): string {
  const grid = ['..........KK', '.........KGK', 'KKKKKKKKKGGK', 'KwwwwwwwKGGK', 'KKKKKKKKKGGK', '.........KKK'];
  return pixelSvg(grid, { K: COLORS.outline, w: '#8a5a33', G: COLORS.gold }, { px: 6, pad: 1 });
}

/** Pipe smoke, frame 1–4: puffs rise and fade. */
export function pipeSmokeSvg(frame: number): string {
  const w = 64;
  const h = 96;
  const puffs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const t = ((frame - 1) / 4 + i / 3) % 1;
    const y = h - 12 - t * (h - 30);
    const r = 6 + t * 12;
    const x = w / 2 + Math.sin(t * Math.PI * 2 + i) * 8;
    // a puff is a pixel cross (a rounded square), fading as it rises
    const op = ((1 - t) * 0.85).toFixed(2);
    const q = Math.round(r / 2);
    puffs.push(
      `<g fill="#efe8ff" opacity="${op}"><rect x="${Math.round(x - r)}" y="${Math.round(y - q)}" width="${Math.round(2 * r)}" height="${2 * q}"/><rect x="${Math.round(x - q)}" y="${Math.round(y - r)}" width="${2 * q}" height="${Math.round(2 * r)}"/></g>`,
    );
  }
  return svgDoc(w, h, `<g shape-rendering="crispEdges">${puffs.join('')}</g>`);
}

/** Title badge S, P or SP: gold pixel letters on a dark plate. */
export function titleSvg(title: 'S' | 'P' | 'SP'): string {
  const letters = textGrid(title, 'G');
  const width = letters[0]!.length + 4;
  const plate = ['K'.repeat(width), ...letters.map((r) => `Kd${r}dK`), 'K'.repeat(width)].map((r, i, all) =>
    i === 0 || i === all.length - 1 ? r : r.replaceAll('.', 'd'),
  );
  const padded = [plate[0]!, `Kd${'d'.repeat(width - 4)}dK`, ...plate.slice(1, -1), `Kd${'d'.repeat(width - 4)}dK`, plate.at(-1)!];
  return pixelSvg(padded, { K: COLORS.goldDark, d: COLORS.night, G: COLORS.gold }, { px: 6 });
}

/** The selection ring drawn under a selected master's feet. */
export function ringSvg(): string {
  const w = 200;
  const h = 60;
  return svgDoc(
    w,
    h,
    `<ellipse cx="100" cy="30" rx="92" ry="22" fill="none" stroke="${COLORS.gold}" stroke-width="6" stroke-dasharray="14 8"/><ellipse cx="100" cy="30" rx="78" ry="15" fill="${COLORS.gold}" opacity="0.18"/>`,
  );
}

/** Like-heart frame 1–3: small, full, bursting. */
export function heartSvg(frame: number): string {
  const heart = ['.KK.KK.', 'KPPKPPK', 'KPpPPPK', 'KPPPPPK', '.KPPPK.', '..KPK..', '...K...'];
  const px = [6, 9, 9][frame - 1] ?? 9;
  const sparks =
    frame === 3
      ? `<g fill="${COLORS.gold}" shape-rendering="crispEdges"><rect x="2" y="2" width="8" height="8"/><rect x="70" y="4" width="8" height="8"/><rect x="4" y="66" width="6" height="6"/><rect x="72" y="64" width="6" height="6"/></g>`
      : '';
  return pixelSvg(heart, { K: '#4a1740', P: COLORS.pink, p: COLORS.white }, { px, width: 80, height: 80, over: sparks });
}
