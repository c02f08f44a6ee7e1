// @vitest-environment jsdom
// A designer's replacement atlas with the same names changes the look with no code change: it passes the
// check, and the real client loader resolves the same frame names to the new sheet's pixels.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAtlases } from '../../../scripts/art/buildAtlases';
import { checkAtlasFolder } from '../../../scripts/art/checkAtlasFolder';
import { hasTexture, loadAtlases, loadedAtlases, onAtlasesLoaded, resetAtlases, texture } from '../../../src/client/engine/atlas';
import { allFrameNames, masterFrame } from '../../../src/client/engine/frameNames';
import { nodeAtlasIo, texturePixels } from './nodeSheetLoader';

const SHIPPED = path.resolve('atlases');
let work = '';
let swapped = '';

/** A re-themed copy of the sources: every colour inverted, as a designer's new palette would be. */
async function rethemedSources(into: string): Promise<void> {
  await cp('assets', into, { recursive: true });
  const spritesDir = path.join(into, 'sprites');
  for (const sheet of await readdir(spritesDir)) {
    for (const file of await readdir(path.join(spritesDir, sheet))) {
      const f = path.join(spritesDir, sheet, file);
      const svg = await readFile(f, 'utf8');
      await writeFile(
        f,
        svg.replace(/#([0-9a-fA-F]{6})/g, (_m, hex: string) => '#' + (0xffffff - parseInt(hex, 16)).toString(16).padStart(6, '0')),
      );
    }
  }
}

const hash = (px: { rgba: Uint8Array }): string => createHash('sha1').update(px.rgba).digest('hex');

async function loadFrom(dir: string, resolution: 'full' | 'half') {
  resetAtlases();
  await loadAtlases({ baseUrl: dir, resolution, ...nodeAtlasIo() });
  return Object.fromEntries(allFrameNames().map((n) => [n, { frame: texture(n).frame.clone(), px: texturePixels(texture(n)) }]));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'atlas-swap-'));
  await rethemedSources(path.join(work, 'src'));
  swapped = path.join(work, 'atlases');
  // a narrower sheet limit too, so frames land at other positions: the code must find them by name only
  await buildAtlases(path.join(work, 'src'), swapped, { maxWidth: 1100 });
}, 60_000);

afterAll(async () => {
  resetAtlases();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('swapping the atlases folder', () => {
  it('passes atlases:check against the shipped atlas', async () => {
    const r = await checkAtlasFolder(swapped, { reference: SHIPPED });
    expect(r.errors).toEqual([]);
  });

  it.each(['full', 'half'] as const)('changes the pixels behind the same frame names at %s resolution', async (res) => {
    const before = await loadFrom(SHIPPED, res);
    const after = await loadFrom(swapped, res);
    expect(loadedAtlases()?.resolution).toBe(res);
    let moved = 0;
    expect(Object.keys(after).length).toBeGreaterThan(100);
    for (const name of Object.keys(before)) {
      expect(after[name]!.frame.width).toBe(before[name]!.frame.width); // same logical size
      expect(after[name]!.frame.height).toBe(before[name]!.frame.height);
      expect(hash(after[name]!.px)).not.toBe(hash(before[name]!.px)); // a different look
      if (after[name]!.frame.x !== before[name]!.frame.x || after[name]!.frame.y !== before[name]!.frame.y) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it("shows exactly the replacement art: the loaded master-1 equals the designer's SVG rendered", async () => {
    await loadFrom(swapped, 'full');
    const svg = await readFile(path.join(work, 'src/sprites/masters/master-1.svg'));
    const png = new Resvg(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 }).render().asPng();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const loaded = texturePixels(texture(masterFrame(1)));
    expect([loaded.w, loaded.h]).toEqual([info.width, info.height]);
    expect(hash(loaded)).toBe(hash({ rgba: new Uint8Array(data) }));
  });

  it('throws an error naming a frame that no atlas has', async () => {
    await loadFrom(SHIPPED, 'half');
    expect(hasTexture('master-7')).toBe(false);
    expect(() => texture('master-7')).toThrow('Atlas frame "master-7" is missing from the loaded atlases');
    resetAtlases();
    expect(() => texture(masterFrame(1))).toThrow('requested before loadAtlases() finished');
  });
});

describe('onAtlasesLoaded', () => {
  it('calls back after loading, at once when already loaded, and not after unsubscribing', async () => {
    resetAtlases();
    const calls: string[] = [];
    const off = onAtlasesLoaded(() => calls.push(hasTexture(masterFrame(1)) ? 'loaded' : 'empty'));
    expect(calls).toEqual([]);
    await loadAtlases({ baseUrl: SHIPPED, resolution: 'half', ...nodeAtlasIo() });
    expect(calls).toEqual(['loaded']);
    const late: number[] = [];
    const offLate = onAtlasesLoaded(() => late.push(1));
    expect(late).toEqual([1]);
    off();
    offLate();
    resetAtlases();
    await loadAtlases({ baseUrl: SHIPPED, resolution: 'half', ...nodeAtlasIo() });
    expect(calls).toEqual(['loaded']);
  });
});
