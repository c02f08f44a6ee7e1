/**
 * The packer: every `assets/sprites/<sheet>/<frame>.svg|png` becomes a frame of sheet `<sheet>`, rendered
 * with resvg at full and half resolution, shelf-packed, composited with sharp, and written as a
 * TexturePacker JSON-hash + PNG that Pixi `Assets` loads. Output is deterministic for the same sources.
 */
import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { AtlasResolution } from '../../src/client/engine/atlasManifest';

/** Scale of each resolution relative to the 1080-wide design size. */
export const RESOLUTION_SCALE: Record<AtlasResolution, number> = { full: 1, half: 0.5 };
/** Transparent pixels between frames so neighbours never bleed when sampled with filtering. */
const PADDING = 2;

/** One rendered frame before packing. */
interface Rendered {
  name: string;
  png: Buffer;
  w: number;
  h: number;
}
/** A frame rectangle in a sheet. */
export interface Placed {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The JSON-hash document TexturePacker writes (the subset Pixi reads). */
export interface JsonHashSheet {
  frames: Record<
    string,
    {
      frame: { x: number; y: number; w: number; h: number };
      rotated: boolean;
      trimmed: boolean;
      spriteSourceSize: { x: number; y: number; w: number; h: number };
      sourceSize: { w: number; h: number };
    }
  >;
  meta: {
    app: string;
    version: string;
    image: string;
    format: string;
    size: { w: number; h: number };
    scale: string;
    related_multi_packs?: string[];
  };
}

async function renderSource(file: string, scale: number): Promise<Omit<Rendered, 'name'>> {
  const data = await readFile(file);
  if (file.endsWith('.png')) {
    // Designers may drop in PNGs drawn at full resolution; half is a resize.
    const meta = await sharp(data).metadata();
    const w = Math.max(1, Math.round((meta.width ?? 1) * scale));
    const h = Math.max(1, Math.round((meta.height ?? 1) * scale));
    const png = scale === 1 ? data : await sharp(data).resize(w, h, { kernel: 'nearest' }).png().toBuffer();
    return { png, w, h };
  }
  const resvg = new Resvg(data, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: false }, shapeRendering: 2 });
  const img = resvg.render();
  return { png: Buffer.from(img.asPng()), w: img.width, h: img.height };
}

/** Shelf packing: tallest first, rows left to right within maxWidth. Returns positions and sheet size. */
export function shelfPack(items: { name: string; w: number; h: number }[], maxWidth: number): { placed: Placed[]; w: number; h: number } {
  const order = [...items].sort((a, b) => b.h - a.h || b.w - a.w || (a.name < b.name ? -1 : 1));
  const placed: Placed[] = [];
  let x = PADDING;
  let y = PADDING;
  let rowH = 0;
  let width = 0;
  for (const it of order) {
    if (it.w + PADDING * 2 > maxWidth) throw new Error(`frame "${it.name}" (${it.w}px) is wider than the sheet limit ${maxWidth}px`);
    if (x + it.w + PADDING > maxWidth) {
      x = PADDING;
      y += rowH + PADDING;
      rowH = 0;
    }
    placed.push({ name: it.name, x, y, w: it.w, h: it.h });
    x += it.w + PADDING;
    rowH = Math.max(rowH, it.h);
    width = Math.max(width, x);
  }
  return { placed, w: width, h: y + rowH + PADDING };
}

/**
 * Most pixels one page of a sheet holds. A sheet image goes to the GPU in one piece the first time a scene
 * draws from it, and that upload blocks the page's main thread about in proportion to its pixels (the
 * 1994×1356 eidols sheet: ~25 ms observed, ×4 on a phone, in the task that shows home): a taller sheet is
 * cut into pages of at most this many pixels, each uploaded in a task of its own (TexturePacker's
 * multipack: the first page lists the others in `meta.related_multi_packs`, Pixi loads them with it).
 */
export const MAX_PAGE_PIXELS = 1024 * 1024;

/** One page of a packed sheet. */
export interface Page {
  placed: Placed[];
  w: number;
  h: number;
}

/**
 * Shelf packing into pages: the rows of `shelfPack`, a new page whenever the next row would take the page
 * past `maxPagePixels` (a row larger than that gets a page of its own).
 */
export function shelfPackPages(items: { name: string; w: number; h: number }[], maxWidth: number, maxPagePixels: number): Page[] {
  const { placed } = shelfPack(items, maxWidth);
  // Rows in order: frames sharing a y.
  const rows: Placed[][] = [];
  for (const p of placed) {
    const row = rows.at(-1);
    if (row && row[0]!.y === p.y) row.push(p);
    else rows.push([p]);
  }
  const pages: Page[] = [];
  let page: Page | null = null;
  let top = 0;
  for (const row of rows) {
    const rowH = Math.max(...row.map((p) => p.h));
    const rowW = Math.max(...row.map((p) => p.x + p.w + PADDING));
    if (!page || Math.max(page.w, rowW) * (row[0]!.y - top + rowH + PADDING) > maxPagePixels) {
      page = { placed: [], w: 0, h: 0 };
      pages.push(page);
      top = row[0]!.y - PADDING;
    }
    for (const p of row) page.placed.push({ ...p, y: p.y - top });
    page.w = Math.max(page.w, rowW);
    page.h = row[0]!.y - top + rowH + PADDING;
  }
  return pages;
}

/** The file name (without extension) of page `index` of a sheet: the first keeps the sheet's name. */
export function pageName(sheet: string, index: number): string {
  return index === 0 ? sheet : `${sheet}-p${index + 1}`;
}

/** Lists a sheet folder's sources: frame name → file. */
export async function listSources(sheetDir: string): Promise<Map<string, string>> {
  const files = (await readdir(sheetDir)).filter((f) => /\.(svg|png)$/i.test(f)).sort();
  const out = new Map<string, string>();
  for (const f of files) {
    const name = f.replace(/\.(svg|png)$/i, '');
    if (out.has(name)) throw new Error(`frame "${name}" has two sources in ${sheetDir}`);
    out.set(name, path.join(sheetDir, f));
  }
  return out;
}

/** Packs one sheet at one resolution into `outDir/<resolution>/<sheet>.{json,png}` (and its further pages); returns its frame names. */
export async function packSheet(
  sheetDir: string,
  sheet: string,
  resolution: AtlasResolution,
  outDir: string,
  maxWidth = 2048,
): Promise<string[]> {
  const scale = RESOLUTION_SCALE[resolution];
  const sources = await listSources(sheetDir);
  const rendered: Rendered[] = [];
  for (const [name, file] of sources) rendered.push({ name, ...(await renderSource(file, scale)) });
  const limit = Math.max(256, Math.round(maxWidth * scale));
  const pages = shelfPackPages(rendered, limit, MAX_PAGE_PIXELS);
  const byName = new Map(rendered.map((r) => [r.name, r]));
  const dir = path.join(outDir, resolution);
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (const [index, { placed, w, h }] of pages.entries()) {
    // Blit decoded RGBA rows ourselves: compositing would premultiply and shift semi-transparent pixels.
    const canvas = Buffer.alloc(w * h * 4);
    for (const p of placed) {
      const { data, info } = await sharp(byName.get(p.name)!.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      for (let row = 0; row < info.height; row++)
        data.copy(canvas, ((p.y + row) * w + p.x) * 4, row * info.width * 4, (row + 1) * info.width * 4);
    }
    const png = await sharp(canvas, { raw: { width: w, height: h, channels: 4 } })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer();
    const file = pageName(sheet, index);
    const json: JsonHashSheet = {
      frames: {},
      meta: {
        app: 'aeon scripts/art/packSheets.ts',
        version: '1.0',
        image: `${file}.png`,
        format: 'RGBA8888',
        size: { w, h },
        scale: String(scale),
      },
    };
    if (index === 0 && pages.length > 1) json.meta.related_multi_packs = pages.slice(1).map((_, i) => `${pageName(sheet, i + 1)}.json`);
    for (const p of [...placed].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      json.frames[p.name] = {
        frame: { x: p.x, y: p.y, w: p.w, h: p.h },
        rotated: false,
        trimmed: false,
        spriteSourceSize: { x: 0, y: 0, w: p.w, h: p.h },
        sourceSize: { w: p.w, h: p.h },
      };
    }
    await writeFile(path.join(dir, `${file}.png`), png);
    await writeFile(path.join(dir, `${file}.json`), JSON.stringify(json, null, 1) + '\n');
    names.push(...Object.keys(json.frames));
  }
  return names.sort();
}
