/** World props at their zones (spec 3 §2), the gates at 4833 and 10631, and the world edges. */
import { COLORS, box, glow, mix, oval, scene, shape, svgDoc, pixelRects, textGrid, type Shape } from './pixel';
import { BASE, ICONS } from './items';

const PX = 10;
const WOOD = '#6b4a2b';
const WOOD_D = '#3a2716';
const STONE = '#5f5672';
const STONE_L = '#8f86a0';
const STONE_D = '#3a3346';
const PAPER = '#f2e3bf';

function prop(w: number, h: number, cols: number, rows: number, shapes: Shape[], extra = '', under = ''): string {
  const ox = Math.round((w - cols * PX) / 2);
  const oy = h - rows * PX;
  return svgDoc(w, h, under + scene(cols, rows, shapes, PX, { ox, oy }) + extra);
}

const stoneShade = (x: number, y: number): string => ((x * 7 + y * 3) % 11 === 0 ? STONE_D : (x + y) % 9 === 0 ? STONE_L : STONE);

/** Notes / rules board. */
export function notesSvg(): string {
  return prop(240, 300, 22, 28, [
    shape(box(3, 10, 4, 27), WOOD),
    shape(box(17, 10, 18, 27), WOOD),
    shape(box(0, 0, 21, 17), WOOD_D),
    shape(box(1, 1, 20, 16), (x, y) => (y === 1 ? WOOD : '#4a3220')),
    shape(box(3, 3, 10, 9), PAPER),
    shape(box(12, 4, 18, 11), '#e8dcf2'),
    shape(box(4, 11, 9, 15), PAPER),
    shape((x, y) => (y === 5 || y === 7) && x >= 4 && x <= 9, '#b9ad96'),
    shape((x, y) => (y === 6 || y === 8 || y === 10) && x >= 13 && x <= 17, '#a59fb6'),
    shape((x, y) => (x === 6 && y === 3) || (x === 15 && y === 4) || (x === 6 && y === 11), COLORS.pink),
  ]);
}

/** GoldenState link: a golden portal arch with a swirling centre. */
export function goldenStateSvg(): string {
  return prop(
    280,
    380,
    26,
    36,
    [
      shape(box(0, 33, 25, 35), STONE),
      shape(box(2, 6, 23, 32), (x, y) => (oval(12.5, 14, 11, 12)(x, y) || y > 14 ? COLORS.gold : null)),
      shape(
        (x, y) => (oval(12.5, 14, 8, 9)(x, y) || (y > 14 && x >= 5 && x <= 20)) && y <= 32,
        (x, y) => mix(COLORS.goldLight, COLORS.pink, ((x + y) % 6) / 6),
      ),
      shape((x, y) => Math.abs(Math.hypot(x - 12.5, y - 16) - 4) < 0.7, COLORS.white),
      shape(box(11, 2, 14, 5), COLORS.gold),
      shape(box(12, 0, 13, 1), COLORS.goldLight),
    ],
    '',
    glow('gs', 140, 200, 150, COLORS.gold, 0.45),
  );
}

/** Chart-mode ball: a crystal ball on a stand showing candles. */
export function chartBallSvg(): string {
  const candles = (x: number, y: number): string | null => {
    const c = [
      [6, 9, 12],
      [8, 7, 11],
      [10, 8, 13],
      [12, 5, 10],
      [14, 6, 9],
    ].find(([cx]) => cx === x);
    if (!c) return null;
    return y >= c[1]! && y <= c[2]! ? (x % 4 === 2 ? COLORS.pink : COLORS.gold) : null;
  };
  return prop(
    220,
    290,
    20,
    28,
    [
      shape(box(6, 21, 13, 23), COLORS.goldDark),
      shape(box(4, 24, 15, 27), WOOD),
      shape(box(8, 19, 11, 20), COLORS.gold),
      shape(oval(9.5, 10, 9, 9), (x, y) => (x - 9.5 + (y - 10) < -9 ? '#d6f0ff' : '#2a3c66')),
      shape(oval(9.5, 10, 9, 9), candles),
      shape((x, y) => (x === 4 && y === 5) || (x === 5 && y === 4), COLORS.white),
    ],
    '',
    glow('ball', 110, 110, 110, '#8fe8ff', 0.4),
  );
}

/** State / quests: an obelisk with a scroll of quests. */
export function questsSvg(): string {
  return prop(220, 360, 20, 34, [
    shape(box(2, 30, 17, 33), STONE_D),
    shape((x, y) => y >= 4 && y <= 29 && Math.abs(x - 9.5) <= 4 + y / 12, stoneShade),
    shape((x, y) => y < 4 && Math.abs(x - 9.5) <= y + 0.5, COLORS.gold),
    shape((x, y) => y >= 8 && y <= 26 && x >= 7 && x <= 12 && y % 3 === 0, COLORS.gold),
    shape(box(3, 18, 16, 24), PAPER),
    shape((x, y) => y >= 19 && y <= 23 && y % 2 === 1 && x >= 5 && x <= 14, '#b9ad96'),
    shape((x, y) => (x === 5 && y === 19) || (x === 5 && y === 21) || (x === 5 && y === 23), COLORS.pink),
  ]);
}

/** Ledger: a great open book on a lectern. */
export function ledgerSvg(): string {
  return prop(280, 310, 26, 30, [
    shape(box(11, 14, 14, 26), WOOD),
    shape(box(6, 27, 19, 29), WOOD_D),
    shape(
      (x, y) => y >= 4 && y <= 13 && x >= 1 && x <= 24 && y >= 4 + Math.abs(x - 12.5) / 4,
      (x) => (x === 12 || x === 13 ? '#c9b48a' : PAPER),
    ),
    shape(
      (x, y) => y >= 6 && y <= 11 && y % 2 === 0 && ((x >= 3 && x <= 10) || (x >= 15 && x <= 22)) && y >= 5 + Math.abs(x - 12.5) / 4,
      '#6f6480',
    ),
    shape((x, y) => y === 13 + Math.floor(Math.abs(x - 12.5) / 12) && x >= 0 && x <= 25, WOOD_D),
    shape((x, y) => (y === 7 || y === 9) && x >= 16 && x <= 18, COLORS.gold),
    shape((x, y) => y === 11 && x >= 16 && x <= 18, COLORS.pink),
  ]);
}

/** Chest, open (gold inside) or closed (locked treasury). */
export function chestSvg(open: boolean): string {
  const base: Shape[] = [
    shape(box(1, 9, 22, 19), WOOD),
    shape((x, y) => y >= 9 && y <= 19 && (x === 1 || x === 22 || y === 13 || x === 7 || x === 16), COLORS.goldDark),
    shape(box(10, 11, 13, 15), COLORS.gold),
    shape(box(11, 13, 12, 14), COLORS.black),
  ];
  const lid: Shape[] = open
    ? [
        shape(box(1, 0, 22, 3), WOOD_D),
        shape(
          (x, y) => y >= 4 && y <= 8 && x >= 2 && x <= 21,
          (x, y) => ((x + y) % 3 ? COLORS.gold : COLORS.goldLight),
        ),
      ]
    : [
        shape((x, y) => y >= 3 && y <= 8 && x >= 1 && x <= 22 && y >= 3 + Math.abs(x - 11.5) / 6, WOOD),
        shape((x, y) => y >= 3 && y <= 8 && (x === 1 || x === 22 || x === 7 || x === 16), COLORS.goldDark),
      ];
  return prop(250, 210, 24, 20, [...base, ...lid], '', open ? glow('gold', 125, 80, 120, COLORS.gold, 0.55) : '');
}

/** Mint: a coin press. */
export function mintSvg(): string {
  return prop(
    300,
    350,
    28,
    34,
    [
      shape(box(2, 29, 25, 33), STONE_D),
      shape(box(4, 4, 7, 28), stoneShade),
      shape(box(20, 4, 23, 28), stoneShade),
      shape(box(2, 1, 25, 4), COLORS.goldDark),
      shape(box(12, 5, 15, 15), '#9a97a6'),
      shape(box(9, 16, 18, 18), '#6f6d7a'),
      shape(box(9, 24, 18, 28), STONE),
      shape(oval(13.5, 22, 3, 1.5), COLORS.gold),
      shape(box(0, 0, 27, 0), COLORS.gold),
      shape((x, y) => y === 2 && (x === 4 || x === 23), COLORS.pink),
    ],
    `<g shape-rendering="crispEdges">${pixelRects(ICONS.cooptoken!, BASE, 3, 26, 180)}${pixelRects(ICONS.cooptoken!, BASE, 3, 230, 196)}</g>`,
  );
}

/** Tax box: an iron-bound box with a slot and the title seal. */
export function taxBoxSvg(): string {
  return prop(210, 250, 20, 24, [
    shape(box(2, 6, 17, 23), '#2a2340'),
    shape((x, y) => y >= 6 && (x === 2 || x === 17 || y === 6 || y === 23 || y === 14), '#9a97a6'),
    shape(box(6, 8, 13, 9), COLORS.black),
    shape(box(7, 16, 12, 21), COLORS.gold),
    shape(box(8, 17, 11, 20), COLORS.goldDark),
    shape(box(5, 1, 14, 5), PAPER),
    shape((x, y) => y === 3 && x >= 7 && x <= 12, '#b9ad96'),
  ]);
}

/** Incense burner of slot 1–3 (gem colour differs), lit (embers, glow) or unlit. */
export function incenseSvg(slot: number, lit: boolean): string {
  const gem = ['#5fbf7f', '#5a8cff', COLORS.pink][slot - 1] ?? COLORS.pink;
  return prop(
    150,
    230,
    14,
    22,
    [
      shape(box(3, 19, 10, 21), STONE_D),
      shape(box(5, 13, 8, 18), COLORS.goldDark),
      shape((x, y) => y >= 7 && y <= 12 && Math.abs(x - 6.5) <= 6 - (y - 7) * 0.6, COLORS.gold),
      shape((x, y) => y === 9 && x >= 5 && x <= 8, gem),
      shape(box(6, 3, 7, 6), '#8a5a33'),
      shape(box(6, 2, 7, 2), lit ? '#ff7a3a' : '#5a3a20'),
    ],
    '',
    lit ? glow('ember', 75, 130, 90, '#ff9a3a', 0.55) : '',
  );
}

/** Incense smoke frame 1–4 (drawn above a lit burner). */
export function incenseSmokeSvg(frame: number): string {
  const w = 96;
  const h = 192;
  const puffs: string[] = [];
  for (let i = 0; i < 5; i++) {
    const t = ((frame - 1) / 4 + i / 5) % 1;
    const y = h - 8 - t * (h - 24);
    const x = w / 2 + Math.sin(t * Math.PI * 3 + i) * 14;
    const r = 4 + t * 10;
    const c = i % 2 ? COLORS.pink : '#e8e0f4';
    puffs.push(
      `<rect x="${Math.round(x - r)}" y="${Math.round(y - r)}" width="${Math.round(2 * r)}" height="${Math.round(2 * r)}" fill="${c}" opacity="${((1 - t) * 0.65).toFixed(2)}"/>`,
    );
  }
  return svgDoc(w, h, `<g shape-rendering="crispEdges">${puffs.join('')}</g>`);
}

/** Eye / mining panel: a stone panel with a great eye and telemetry bars. */
export function eyePanelSvg(): string {
  return prop(
    420,
    440,
    40,
    42,
    [
      shape(box(0, 36, 39, 41), STONE_D),
      shape(box(2, 2, 37, 35), stoneShade),
      shape(box(4, 4, 35, 33), '#1b1428'),
      shape(oval(19.5, 14, 13, 7), (x, y) =>
        Math.hypot(x - 19.5, y - 14) < 2 ? COLORS.black : Math.hypot(x - 19.5, y - 14) < 5 ? COLORS.gold : '#f4eefa',
      ),
      shape(
        (x, y) => y >= 24 && y <= 31 && x >= 7 && x <= 32 && x % 3 === 1 && y >= 31 - ((x * 7) % 8),
        (x) => (x % 2 ? COLORS.gold : COLORS.pink),
      ),
      shape(box(19, 0, 20, 1), COLORS.gold),
    ],
    '',
    glow('eyeg', 210, 160, 200, COLORS.gold, 0.3),
  );
}

/** Funding: a wishing well filled with gold. */
export function fundingSvg(): string {
  return prop(300, 290, 28, 28, [
    shape(box(3, 15, 24, 27), stoneShade),
    shape(box(2, 13, 25, 15), STONE_L),
    shape(oval(13.5, 14, 9, 1.2), COLORS.gold),
    shape(box(3, 2, 4, 13), WOOD),
    shape(box(23, 2, 24, 13), WOOD),
    shape((x, y) => y >= 0 && y <= 3 && Math.abs(x - 13.5) <= 14 - y * 2 && y >= 0, '#7a1224'),
    shape(box(13, 3, 14, 9), '#9a97a6'),
    shape(box(12, 10, 15, 12), WOOD_D),
  ]);
}

/** Mail: a post box with a pink letter. */
export function mailSvg(): string {
  return prop(170, 270, 16, 26, [
    shape(box(7, 12, 8, 25), WOOD),
    shape(box(1, 2, 14, 12), '#7a1224'),
    shape((x, y) => y >= 0 && y <= 2 && x >= 1 && x <= 14 && y >= 2 - Math.min(x - 1, 14 - x), '#7a1224'),
    shape(box(3, 5, 12, 6), COLORS.black),
    shape(box(13, 0, 13, 5), '#9a97a6'),
    shape(box(13, 0, 15, 1), COLORS.gold),
    shape(box(4, 3, 11, 5), COLORS.pink),
    shape((x, y) => y === 4 && x >= 6 && x <= 9, COLORS.white),
  ]);
}

/** Caravan / pony with goods: 0 (no goods) or the 1, 3, 5, 7, 9 item stages. */
export function caravanSvg(items: number): string {
  const crates: Shape[] = [];
  const spots = [
    [20, 12],
    [26, 12],
    [32, 12],
    [23, 8],
    [29, 8],
    [20, 4],
    [26, 4],
    [32, 4],
    [26, 0],
  ];
  spots.slice(0, items).forEach(([cx, cy], i) => {
    const c = i % 3 === 0 ? COLORS.gold : i % 3 === 1 ? COLORS.pink : '#a8794a';
    crates.push(shape(box(cx!, cy!, cx! + 4, cy! + 3), (x, y) => (x === cx || y === cy ? mix(c, '#000000', 0.3) : c)));
  });
  return prop(440, 310, 42, 30, [
    // pony
    shape(box(3, 14, 12, 19), '#c9a27a'),
    shape(box(1, 9, 4, 15), '#c9a27a'),
    shape(box(0, 8, 3, 10), '#c9a27a'),
    shape((x, y) => y >= 20 && y <= 27 && (x === 4 || x === 5 || x === 10 || x === 11), '#8a6a4a'),
    shape(box(5, 9, 6, 13), COLORS.pink),
    shape((x, y) => x === 1 && y === 9, COLORS.black),
    shape(box(12, 13, 15, 14), WOOD_D),
    // cart
    shape(box(16, 15, 39, 20), WOOD),
    shape((x, y) => y === 15 || y === 20, WOOD_D),
    shape(oval(20, 24, 3.5, 3.5), (x, y) => (Math.hypot(x - 20, y - 24) < 1 ? COLORS.gold : WOOD_D)),
    shape(oval(35, 24, 3.5, 3.5), (x, y) => (Math.hypot(x - 35, y - 24) < 1 ? COLORS.gold : WOOD_D)),
    ...crates,
  ]);
}

/** Community store: a building with a gDAO sign. */
export function storeSvg(): string {
  return prop(
    420,
    440,
    40,
    42,
    [
      shape(box(3, 12, 36, 41), '#3d2a5c'),
      shape((x, y) => y >= 12 && (x + (y % 2) * 2) % 8 === 0, '#2e1f47'),
      shape((x, y) => y <= 11 && Math.abs(x - 19.5) <= 19.5 - (11 - y) * 1.7, COLORS.pink),
      shape((x, y) => y <= 11 && y >= 9 && Math.abs(x - 19.5) <= 20, COLORS.pinkDark),
      shape(box(15, 28, 24, 41), WOOD_D),
      shape(box(16, 29, 23, 41), '#e5c44f55'),
      shape(box(6, 26, 12, 32), COLORS.goldLight),
      shape(box(27, 26, 33, 32), COLORS.goldLight),
      shape(box(11, 15, 28, 22), WOOD),
    ],
    `<g shape-rendering="crispEdges">${pixelRects(textGrid('GDAO', 'G'), { G: COLORS.gold }, 10, 135, 195)}</g>`,
    glow('win', 210, 320, 200, COLORS.gold, 0.25),
  );
}

function gate(w: number, h: number, rows: number, accent: string, mark: string): string {
  const cols = Math.floor(w / PX);
  const pillar = (x: number, y: number): string => (y % 6 === 0 ? STONE_D : x % 4 === 0 ? STONE_L : STONE);
  const markGrid = textGrid(mark, 'G');
  const mw = markGrid[0]!.length * 8;
  return prop(
    w,
    h,
    cols,
    rows,
    [
      shape(box(0, 6, 5, rows - 1), pillar),
      shape(box(cols - 6, 6, cols - 1, rows - 1), pillar),
      shape(box(0, 0, cols - 1, 5), (x, y) => (y === 5 ? accent : (x + y) % 5 === 0 ? COLORS.goldDark : STONE_L)),
      shape(
        (x, y) =>
          y >= 6 &&
          y <= 12 &&
          x > 5 &&
          x < cols - 6 &&
          y - 6 < 7 - Math.sqrt(Math.max(0, (cols / 2 - 6) ** 2 - (x - cols / 2 + 0.5) ** 2)) / 2.5,
        STONE,
      ),
    ],
    `<g shape-rendering="crispEdges">${pixelRects(markGrid, { G: accent }, 8, Math.round((w - mw) / 2), h - rows * PX + 8)}</g>`,
    glow('gate', w / 2, h / 2, w / 2, accent, 0.2),
  );
}

/** The entry gate at 4833 (senators and patricius pass further back). */
export function gateEntrySvg(): string {
  return gate(300, 520, 52, COLORS.gold, 'SP');
}

/** The gate at 10631 ("Only for Senators and Patricius"). */
export function gateSenateSvg(): string {
  return gate(340, 560, 56, COLORS.pink, 'S');
}

/** The Olympia edge at the Forum's far end (22620): a signpost and a pink portal. */
export function edgeSvg(toward: 'olympia' | 'forum'): string {
  const accent = toward === 'olympia' ? COLORS.pink : COLORS.gold;
  return prop(
    300,
    500,
    28,
    50,
    [
      shape(box(3, 10, 4, 49), WOOD),
      shape(box(0, 12, 10, 16), WOOD_D),
      shape((x, y) => y >= 12 && y <= 16 && x === 11 - Math.abs(y - 14), WOOD_D),
      shape((x, y) => y >= 14 && y <= 49 && Math.abs(Math.hypot((x - 19) * 1.6, y - 30) - 14) < 2.2, accent),
      shape(
        (x, y) => y >= 17 && y <= 49 && Math.hypot((x - 19) * 1.6, y - 30) < 12,
        (x, y) => mix(accent, COLORS.black, 0.5 + ((x + y) % 4) / 10),
      ),
    ],
    '',
    glow('edge', 190, 300, 180, accent, 0.45),
  );
}
