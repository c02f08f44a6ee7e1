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
interface Rendered { name: string; png: Buffer; w: number; h: number }
/** A frame rectangle in a sheet. */
export interface Placed { name: string; x: number; y: number; w: number; h: number }

/** The JSON-hash document TexturePacker writes (the subset Pixi reads). */
export interface JsonHashSheet {
  frames: Record<string, { frame: { x: number; y: number; w: number; h: number }; rotated: boolean; trimmed: boolean; spriteSourceSize: { x: number; y: number; w: number; h: number }; sourceSize: { w: number; h: number } }>;
  meta: { app: string; version: string; image: string; format: string; size: { w: number; h: number }; scale: string };
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

/** Packs one sheet at one resolution into `outDir/<resolution>/<sheet>.{json,png}`; returns its frame names. */
export async function packSheet(sheetDir: string, sheet: string, resolution: AtlasResolution, outDir: string, maxWidth = 2048): Promise<string[]> {
  const scale = RESOLUTION_SCALE[resolution];
  const sources = await listSources(sheetDir);
  const rendered: Rendered[] = [];
  for (const [name, file] of sources) rendered.push({ name, ...(await renderSource(file, scale)) });
  const limit = Math.max(256, Math.round(maxWidth * scale));
  const { placed, w, h } = shelfPack(rendered, limit);
  const byName = new Map(rendered.map((r) => [r.name, r]));
  // Blit decoded RGBA rows ourselves: compositing would premultiply and shift semi-transparent pixels.
  const canvas = Buffer.alloc(w * h * 4);
  for (const p of placed) {
    const { data, info } = await sharp(byName.get(p.name)!.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let row = 0; row < info.height; row++) data.copy(canvas, ((p.y + row) * w + p.x) * 4, row * info.width * 4, (row + 1) * info.width * 4);
  }
  const png = await sharp(canvas, { raw: { width: w, height: h, channels: 4 } }).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  const json: JsonHashSheet = { frames: {}, meta: { app: 'aeon scripts/art/packSheets.ts', version: '1.0', image: `${sheet}.png`, format: 'RGBA8888', size: { w, h }, scale: String(scale) } };
  for (const p of [...placed].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    json.frames[p.name] = { frame: { x: p.x, y: p.y, w: p.w, h: p.h }, rotated: false, trimmed: false, spriteSourceSize: { x: 0, y: 0, w: p.w, h: p.h }, sourceSize: { w: p.w, h: p.h } };
  }
  const dir = path.join(outDir, resolution);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${sheet}.png`), png);
  await writeFile(path.join(dir, `${sheet}.json`), JSON.stringify(json, null, 1) + '\n');
  return Object.keys(json.frames);
}
