/**
 * The home-screen icons of the PWA, cut from the sprite atlases: one frame (the gold coin of the items
 * sheet) scaled with nearest-neighbour (it is pixel art) onto the app's background colour. The build
 * emits them (scripts/build/pwaPlugins.ts); `npx tsx scripts/art/appIcons.ts [DIR]` writes them to DIR
 * (default /tmp/art/icons) to look at.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readSheetPages } from './sheetPages';

/** The atlas frame the icons show. */
export const ICON_FRAME = { sheet: 'items', frame: 'icon-coin' } as const;
/** The app's background colour (styles.css `--bg`, the manifest's background and theme colour). */
export const ICON_BACKGROUND = '#120d1c';

/** One icon file: its path under the build output, its size and the share of it the frame fills. */
export interface IconSpec {
  fileName: string;
  size: number;
  /** Side of the frame over side of the icon: maskable icons keep the frame inside the 80 % safe circle. */
  fill: number;
  purpose: 'any' | 'maskable' | 'apple' | 'favicon';
}

/** Every icon the manifest and index.html name. */
export const ICONS: readonly IconSpec[] = [
  { fileName: 'icons/icon-192.png', size: 192, fill: 0.875, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, fill: 0.875, purpose: 'any' },
  { fileName: 'icons/maskable-192.png', size: 192, fill: 0.55, purpose: 'maskable' },
  { fileName: 'icons/maskable-512.png', size: 512, fill: 0.55, purpose: 'maskable' },
  { fileName: 'icons/apple-touch-icon.png', size: 180, fill: 0.75, purpose: 'apple' },
  // A PNG, not an inline SVG: the browser builds a whole SVG document on the page's main thread to draw a
  // favicon (~13 ms observed at start-up here, more on a phone), and decodes a small PNG in a fraction of that.
  { fileName: 'icons/favicon-32.png', size: 32, fill: 0.875, purpose: 'favicon' },
];

/** Cuts the icon frame from the full-resolution sheet in `atlasesDir` and draws every icon as PNG bytes. */
export async function drawAppIcons(atlasesDir: string): Promise<{ fileName: string; source: Buffer }[]> {
  const sheetDir = path.join(atlasesDir, 'full');
  // The frame may sit on any page of a sheet cut into pages (scripts/art/packSheets.ts).
  const pages = await readSheetPages(sheetDir, `${ICON_FRAME.sheet}.json`);
  const atlas = pages.map((page) => page.json).find((json) => json.frames[ICON_FRAME.frame]);
  const entry = atlas?.frames[ICON_FRAME.frame];
  if (!atlas || !entry) throw new Error(`app icons: frame ${ICON_FRAME.frame} is missing from atlases/full/${ICON_FRAME.sheet}.json`);
  if (entry.rotated) throw new Error(`app icons: frame ${ICON_FRAME.frame} is packed rotated; pick another frame`);
  const { x, y, w, h } = entry.frame;
  const frame = await sharp(path.join(sheetDir, atlas.meta.image)).extract({ left: x, top: y, width: w, height: h }).png().toBuffer();
  return Promise.all(
    ICONS.map(async (icon) => {
      const side = Math.round(icon.size * icon.fill);
      const art = await sharp(frame)
        .resize(side, side, { kernel: 'nearest', fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      const offset = Math.floor((icon.size - side) / 2);
      const source = await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: ICON_BACKGROUND } })
        .composite([{ input: art, left: offset, top: offset }])
        .png({ compressionLevel: 9 })
        .toBuffer();
      return { fileName: icon.fileName, source };
    }),
  );
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const out = process.argv[2] ?? '/tmp/art/icons';
  for (const icon of await drawAppIcons('atlases')) {
    const file = path.join(out, path.basename(icon.fileName));
    await mkdir(out, { recursive: true });
    await writeFile(file, icon.source);
    console.info(`${file} ${icon.source.length} bytes`);
  }
}
