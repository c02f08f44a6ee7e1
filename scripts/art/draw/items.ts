/** Item icons for every item type of the specs: 16×16 pixel art at 8 px (128×128). */
import { COLORS, glow, pixelSvg, type Palette } from './pixel';

/** Shared icon palette. */
export const BASE: Palette = {
  K: COLORS.outline, G: COLORS.gold, g: COLORS.goldDark, L: COLORS.goldLight, P: COLORS.pink, p: COLORS.pinkDark,
  W: COLORS.white, w: '#d9d0e6', B: '#8a5a33', b: '#5a3a20', C: '#f2e3bf', c: '#c9b48a', V: COLORS.violet, v: COLORS.dusk,
  R: '#d8364a', r: '#8e1c2c', N: '#2f7a4c', n: '#5fbf7f', S: '#b8d4e8', s: '#9fb6c9', D: '#2a2340', E: '#3d2a5c',
};

/** The icon grids by lower-case item type (slides reuse them). */
export const ICONS: Record<string, string[]> = {
  indulgence: [
    '................', '..KKKKKKKKKKKK..', '.KccCCCCCCCCccK.', '.KcKKKKKKKKKKcK.', '..KCCCCCCCCCCK..', '..KCwwwwwwwwCK..',
    '..KCCCCCCCCCCK..', '..KCwwwwwwCCCK..', '..KCCCCCCCCCCK..', '..KCwwwwwCPPPK..', '..KCCCCCCPPpPPK.', '.KKKKKKKKPpPpPK.',
    '.KccCCCCCKPPPK..', '..KKKKKKKKKPpK..', '..........KK....', '................',
  ],
  cooptoken: [
    '................', '.....KKKKKK.....', '...KKGGGGGGKK...', '..KGGLLLLLLGGK..', '..KGLGGGGGGgGK..', '.KGLGGKKKKGGgGK.',
    '.KGLGKGGGGGGgGK.', '.KGLGKGGKKKGgGK.', '.KGLGKGGGGKGgGK.', '.KGLGGKKKKGGgGK.', '..KGLGGGGGGgGK..', '..KGGggggggGGK..',
    '...KKGGGGGGKK...', '.....KKKKKK.....', '................', '................',
  ],
  scribe: [
    '............KK..', '...........KWK..', '..........KWwK..', '.........KWwK...', '........KWwK....', '.......KWwK.....',
    '......KWwK......', '.....KWwK.......', '....KGwK........', '....KGK.........', '...KDK..........', '..KKKKKK........',
    '.KEEEEEEK.......', '.KEVVVVEK.......', '.KEEEEEEK.......', '..KKKKKK........',
  ],
  tax: [
    '................', '....KKKKKKKK....', '...KGGGGGGGGK...', '..KGLLLLLLLLgK..', '..KGLGGKKGGLgK..', '..KGLGKGGKGLgK..',
    '..KGLGGKKGGLgK..', '..KGLGKGGKGLgK..', '..KGLGGKKGGLgK..', '..KGggggggggGK..', '...KGGGGGGGGK...', '....KKPPPPKK....',
    '....KPpKKpPK....', '...KPpK..KpPK...', '...KKK....KKK...', '................',
  ],
  incense: [
    '.......w........', '......w.........', '.......w........', '........w.......', '.......w........', '.......B........',
    '.......B........', '.......B........', '.......B........', '..KKKKKKKKKKKK..', '.KGLLLLLLLLLLgK.', '.KGGGGGGGGGGGgK.',
    '..KgGGGGGGGGgK..', '...KggggggggK...', '....KKKKKKKK....', '................',
  ],
  map: [
    '................', '.KKKKKKKKKKKKKK.', '.KCCCcCCCCcCCCK.', '.KCRCcCCCCcCCCK.', '.KCCRcCCNNcCCCK.', '.KCCCRCCNNcCCCK.',
    '.KCCCcRCCCcCCCK.', '.KCCCcCRCCcCCCK.', '.KCCCcCCRRcCCCK.', '.KCCCcCCCCRCCCK.', '.KCCCcCCCCcRCRK.', '.KCCCcCCCCcCRCK.',
    '.KCCCcCCCCcRCRK.', '.KKKKKKKKKKKKKK.', '................', '................',
  ],
  puff: [
    '................', '...........ww...', '..........w..w..', '...........ww...', '..........w.....', '........KKKK....',
    '........KBBK....', '........KBBK....', '.KKKKKKKKBBK....', 'KbbbbbbbKBBK....', '.KKKKKKKKBBK....', '........KBbK....',
    '........KKKK....', '................', '................', '................',
  ],
  extract: [
    '................', '......KKKK......', '......KbbK......', '......KKKK......', '.......KK.......', '......KSSK......',
    '.....KSwwSK.....', '....KSwwwwSK....', '...KSGGGGGGSK...', '...KGLLGGGGgK...', '...KGLGGGGGgK...', '...KGGGGGGGgK...',
    '....KGgggggK....', '.....KKKKKK.....', '................', '................',
  ],
  coincookie: [
    '................', '.....KKKKKK.....', '...KKGLLLLGKK...', '..KGLLGGGGLGGK..', '..KLGbGGGGGbGK..', '.KGLGGGGbGGGGgK.',
    '.KLGGGGGGGGbGgK.', '.KGGbGGGGGGGGgK.', '.KGGGGGbGGGGGgK.', '.KGGGGGGGGbGGgK.', '..KGbGGGGGGGgK..', '..KgGGGGbGGggK..',
    '...KKggggggKK...', '.....KKKKKK.....', '................', '................',
  ],
  ectojar: [
    '................', '.....KKKKKK.....', '.....KGGGGK.....', '.....KKKKKK.....', '......KssK......', '....KKSSSSKK....',
    '...KSDDDDDDSK...', '...KSWDDDDDSK...', '...KSWPPPPPSK...', '...KSPPWPPPSK...', '...KSPPPPWPSK...', '...KSpPPPPpSK...',
    '...KSppppppSK...', '....KKKKKKKK....', '................', '................',
  ],
  tome: [
    '................', '..KKKKKKKKKKK...', '..KEEEEEEEEEEK..', '..KEVVVVVVVVEK..', '..KEVGGGGGGVEK..', '..KEVGLLLLGVEK..',
    '..KEVGLPPLGVGGK.', '..KEVGLPPLGVGLK.', '..KEVGLLLLGVGGK.', '..KEVGGGGGGVEK..', '..KEVVVVVVVVEK..', '..KEEEEEEEEEEK..',
    '..KwwwwwwwwwwK..', '...KKKKKKKKKKK..', '................', '................',
  ],
  apple: [
    '................', '.......KK.KK....', '.......KbKnnK...', '........KbNK....', '....KKKKKbKKK...', '...KRRRRRRRRRK..',
    '..KRWRRRRRRRRrK.', '..KRWRRRRRRRRrK.', '..KRRRRRRRRRRrK.', '..KRRRRRRRRRRrK.', '..KRRRRRRRRRrrK.', '...KRRRRRRRRrK..',
    '...KrRRRRRRrrK..', '....KKrrKrrKK...', '.....KK..KK.....', '................',
  ],
};

/** SVG of an item icon by lower-case item type (128×128, with a faint gold glow behind). */
export function itemSvg(type: string): string {
  const grid = ICONS[type];
  if (!grid) throw new Error(`no icon drawn for item type ${type}`);
  return pixelSvg(grid, BASE, { px: 8, under: glow('halo', 64, 64, 64, COLORS.gold, 0.16) });
}

/** Home coin icon (the ANGLS coin): gold with a pink diamond, 96×96. */
export function coinSvg(): string {
  const grid = [
    '....KKKK....', '..KKGGGGKK..', '.KGLLLLLLgK.', '.KLGGPPGGgK.', 'KGLGPPPPGGgK', 'KGLPPWPPPGgK',
    'KGLGPPPPGGgK', '.KLGGPPGGgK.', '.KGGggggggK.', '..KKGGGGKK..', '....KKKK....',
  ];
  return pixelSvg(grid, BASE, { px: 8, width: 96, height: 96 });
}

/** Clock icon: gold rim, white face, pink hands. */
export function clockSvg(): string {
  const grid = [
    '....KKKK....', '..KKGGGGKK..', '.KGWWWWWWGK.', '.KGWWPWWWGK.', 'KGWWWPWWWWGK', 'KGWWWPWWWWGK',
    'KGWWWPPPWWGK', 'KGWWWWWWWWGK', '.KGWWWWWWGK.', '.KGGWWWWGGK.', '..KKGGGGKK..', '....KKKK....',
  ];
  return pixelSvg(grid, BASE, { px: 8, width: 96, height: 96 });
}

/** Lock icon: pink shackle, gold body. */
export function lockSvg(): string {
  const grid = [
    '...KKKKKK...', '..KPPPPPPK..', '.KPK....KPK.', '.KPK....KPK.', '.KPK....KPK.', 'KKKKKKKKKKKK',
    'KGLLLLLLLLgK', 'KGLGGKKGGGgK', 'KGLGGKKGGGgK', 'KGLGGGKGGGgK', 'KGGGGGGGGGgK', 'KKKKKKKKKKKK',
  ];
  return pixelSvg(grid, BASE, { px: 8, width: 96, height: 96 });
}

/** Swipe hint: a pointing hand between two gold chevrons, 192×96. */
export function swipeSvg(): string {
  const grid = [
    '..........KK..........', '.........KWWK.........', '...K.....KWWK......K..', '..KGK....KWWKKK...KGK.', '.KGK.....KWWWWWKK..KGK',
    'KGK....KKWWWWWWWK...KG', '.KGK..KWWWWWWWWWK..KGK', '..KGK.KWWWWWWWWWK.KGK.', '...K...KWWWWWWWK...K..', '........KWWWWWK.......', '........KKKKKKK.......',
  ];
  return pixelSvg(grid, BASE, { px: 8, width: 192, height: 96 });
}
