// The packer: frames never overlap and stay inside the sheet; the build is reproducible and the shipped
// atlases are what `npm run atlases` makes from assets/ today.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_PIXELS, shelfPack, shelfPackPages } from '../../../scripts/art/packSheets';
import { sheetPagePaths } from '../../../src/client/engine/atlasManifest';
import { buildAtlases } from '../../../scripts/art/buildAtlases';

const temps: string[] = [];
const pixels = (file: string): Promise<Buffer> => sharp(file).ensureAlpha().raw().toBuffer();

/** The seed of a property test (PACK_SEED or the clock), printed so that a failure can be rerun. */
function packSeed(what: string): number {
  const seed = Number(process.env.PACK_SEED ?? Date.now() % 2 ** 31);
  console.info(`${what} property seed ${seed} (rerun with PACK_SEED=${seed})`);
  return seed;
}

/** Up to 60 frames of 1–300 px a side, named f0, f1… */
const frames = fc
  .array(fc.record({ w: fc.integer({ min: 1, max: 300 }), h: fc.integer({ min: 1, max: 300 }) }), { minLength: 1, maxLength: 60 })
  .map((items) => items.map((it, i) => ({ name: `f${i}`, ...it })));
afterAll(async () => {
  for (const d of temps) await rm(d, { recursive: true, force: true });
});

describe('shelfPack', () => {
  it('places every frame inside the sheet with no overlaps (randomised)', () => {
    const seed = packSeed('shelfPack');
    fc.assert(
      fc.property(frames, fc.integer({ min: 310, max: 2048 }), (named, maxWidth) => {
        const { placed, w, h } = shelfPack(named, maxWidth);
        expect(placed).toHaveLength(named.length);
        expect(w).toBeLessThanOrEqual(maxWidth);
        for (const p of placed) {
          expect(p.x).toBeGreaterThanOrEqual(2);
          expect(p.y).toBeGreaterThanOrEqual(2);
          expect(p.x + p.w).toBeLessThanOrEqual(w);
          expect(p.y + p.h).toBeLessThanOrEqual(h);
        }
        for (let i = 0; i < placed.length; i++)
          for (let j = i + 1; j < placed.length; j++) {
            const a = placed[i]!;
            const b = placed[j]!;
            // at least the 2 px padding apart on one axis
            const apart = a.x + a.w + 2 <= b.x || b.x + b.w + 2 <= a.x || a.y + a.h + 2 <= b.y || b.y + b.h + 2 <= a.y;
            expect(apart).toBe(true);
          }
      }),
      { seed, numRuns: 150 },
    );
  });

  it('refuses a frame wider than the sheet', () => {
    expect(() => shelfPack([{ name: 'wide', w: 600, h: 10 }], 512)).toThrow('frame "wide" (600px) is wider than the sheet limit 512px');
  });
});

describe('shelfPackPages', () => {
  it('cuts the rows into pages of at most the given pixels (a larger row alone), keeping every frame once, inside its page and padded (randomised)', () => {
    const seed = packSeed('shelfPackPages');
    fc.assert(
      fc.property(frames, fc.integer({ min: 310, max: 2048 }), fc.integer({ min: 10_000, max: 600_000 }), (named, maxWidth, maxPixels) => {
        const pages = shelfPackPages(named, maxWidth, maxPixels);
        expect(pages.flatMap((p) => p.placed.map((f) => f.name)).sort()).toEqual(named.map((f) => f.name).sort());
        for (const page of pages) {
          const rows = new Set(page.placed.map((f) => f.y));
          if (rows.size > 1) expect(page.w * page.h).toBeLessThanOrEqual(maxPixels);
          expect(page.w).toBeLessThanOrEqual(maxWidth);
          for (const f of page.placed) {
            expect(f.x).toBeGreaterThanOrEqual(2);
            expect(f.y).toBeGreaterThanOrEqual(2);
            expect(f.x + f.w + 2).toBeLessThanOrEqual(page.w);
            expect(f.y + f.h + 2).toBeLessThanOrEqual(page.h);
          }
        }
      }),
      { seed, numRuns: 150 },
    );
  });

  it('keeps a sheet that fits in one page exactly as shelfPack packs it', () => {
    const items = [
      { name: 'a', w: 100, h: 50 },
      { name: 'b', w: 80, h: 40 },
      { name: 'c', w: 200, h: 20 },
    ];
    const one = shelfPack(items, 256);
    expect(shelfPackPages(items, 256, MAX_PAGE_PIXELS)).toEqual([{ placed: one.placed, w: one.w, h: one.h }]);
  });
});

describe('buildAtlases', () => {
  // JSON compared as text, PNGs as decoded pixels (zlib builds may differ between machines, pixels may not)
  it('rebuilds the shipped sheets from assets/ (frames and pixels identical)', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'atlas-build-'));
    temps.push(out);
    const manifest = await buildAtlases('assets', out, { audio: false });
    const shipped = JSON.parse(await readFile('atlases/manifest.json', 'utf8')) as { sheets: unknown };
    expect(manifest.sheets).toEqual(shipped.sheets);
    // No page above the limit: the upload of each stays a short task (packSheets.ts).
    for (const page of await readdir(path.join(out, 'full'))) {
      if (!page.endsWith('.png')) continue;
      const { width, height } = await sharp(path.join(out, 'full', page)).metadata();
      expect(width! * height!, page).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
    }
    for (const sheet of manifest.sheets)
      for (const first of [sheet.full, sheet.half]) {
        const pages = sheetPagePaths(
          first,
          JSON.parse(await readFile(path.join(out, first), 'utf8')) as { meta: { related_multi_packs?: string[] } },
        );
        for (const json of pages) {
          const [a, b] = await Promise.all([readFile(path.join(out, json), 'utf8'), readFile(path.join('atlases', json), 'utf8')]);
          expect(a, `${json} differs from the shipped atlases: run npm run atlases`).toBe(b);
          const png = json.replace('.json', '.png');
          const [pa, pb] = await Promise.all([pixels(path.join(out, png)), pixels(path.join('atlases', png))]);
          expect(pa.equals(pb), `${png} differs from the shipped atlases: run npm run atlases`).toBe(true);
        }
      }
  }, 60_000);
});
