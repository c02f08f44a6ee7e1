// `npm run atlases:check DIR`: the shipped folder passes; each kind of broken replacement is reported.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAtlasFolder } from '../../../scripts/art/checkAtlasFolder';

const SHIPPED = 'atlases';
const temps: string[] = [];

async function copyShipped(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-check-'));
  temps.push(dir);
  await cp(SHIPPED, dir, { recursive: true });
  return dir;
}

/** The parts of a JSON-hash sheet and of the manifest the tests edit. */
interface Frame {
  frame: { x: number; y: number; w: number; h: number };
}
interface EditableJson {
  frames: Record<string, Frame>;
  meta: { size: { w: number; h: number }; scale: string };
  sheets?: { name: string; frames: string[] }[];
  audio: { name: string }[];
}

async function editJson(file: string, edit: (json: EditableJson) => void): Promise<void> {
  const json = JSON.parse(await readFile(file, 'utf8')) as EditableJson;
  edit(json);
  await writeFile(file, JSON.stringify(json));
}

afterEach(async () => {
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('checkAtlasFolder', () => {
  it('passes the shipped atlases with no errors or warnings', async () => {
    const r = await checkAtlasFolder(SHIPPED, { reference: SHIPPED });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.frames.full.size).toBeGreaterThan(100);
  });

  it('reports a missing frame at the resolution that lacks it', async () => {
    const dir = await copyShipped();
    await editJson(path.join(dir, 'half/masters.json'), (j) => delete j.frames['master-3']);
    const r = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(r.errors).toContain('missing frame "master-3" at half resolution');
    expect(r.errors).toContain('manifest lists frame "master-3" but half/masters.json lacks it');
  });

  it('reports an extra frame (a misspelt name), or only warns with allowExtra', async () => {
    const dir = await copyShipped();
    const rename = (j: EditableJson) => {
      j.frames['master-one'] = j.frames['master-1']!;
      delete j.frames['master-1'];
    };
    await editJson(path.join(dir, 'full/masters.json'), rename);
    await editJson(path.join(dir, 'half/masters.json'), rename);
    await editJson(path.join(dir, 'manifest.json'), (m) => {
      const s = m.sheets!.find((x) => x.name === 'masters')!;
      s.frames = s.frames.map((f: string) => (f === 'master-1' ? 'master-one' : f));
    });
    const strict = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(strict.errors).toContain('extra frame "master-one" is not used by the code (a typo of a name?)');
    expect(strict.errors).toContain('missing frame "master-1" at full resolution');
    const lenient = await checkAtlasFolder(dir, { reference: SHIPPED, allowExtra: true });
    expect(lenient.warnings).toContain('extra frame "master-one" is not used by the code (a typo of a name?)');
    expect(lenient.errors).toContain('missing frame "master-1" at full resolution');
  });

  it('reports a frame whose size changed against the current atlas, and half sizes that do not match full', async () => {
    const dir = await copyShipped();
    await editJson(path.join(dir, 'full/items.json'), (j) => {
      j.frames['item-apple']!.frame.w -= 10;
    });
    const r = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(r.errors.some((e) => e.startsWith('frame "item-apple" is 118×128, the current atlas has 128×128'))).toBe(true);
    expect(r.errors.some((e) => e.startsWith('frame "item-apple": half is 64×64, expected about 59×64'))).toBe(true);
    const lenient = await checkAtlasFolder(dir, { reference: SHIPPED, allowResize: true });
    expect(lenient.warnings.some((w) => w.startsWith('frame "item-apple" is 118×128'))).toBe(true);
  });

  it('reports frames outside the image, a wrong scale and a missing image', async () => {
    const dir = await copyShipped();
    await editJson(path.join(dir, 'full/props.json'), (j) => {
      j.frames['prop-eye-panel']!.frame.x = j.meta.size.w;
    });
    await editJson(path.join(dir, 'half/home.json'), (j) => {
      j.meta.scale = '1';
    });
    await rm(path.join(dir, 'full/items.png'));
    const r = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(r.errors).toContain('full/props.json: frame "prop-eye-panel" lies outside the image');
    expect(r.errors).toContain('half/home.json: meta.scale is 1, the half resolution needs 0.5');
    expect(r.errors).toContain('full/items.json: image items.png is missing or not an image');
  });

  it('checks every page of a sheet cut into pages: a missing page, its frames, and a page that lists pages', async () => {
    const dir = await copyShipped();
    const page2 = JSON.parse(await readFile(path.join(dir, 'full/eidols-p2.json'), 'utf8')) as { frames: Record<string, unknown> };
    await rm(path.join(dir, 'full/eidols-p2.json'));
    await editJson(path.join(dir, 'full/props-p2.json'), (j) => {
      (j.meta as { related_multi_packs?: string[] }).related_multi_packs = ['props-p3.json'];
    });
    const r = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(r.errors.some((e) => e.startsWith('full/eidols-p2.json: cannot be read'))).toBe(true);
    const lost = Object.keys(page2.frames)[0]!;
    expect(r.errors).toContain(`manifest lists frame "${lost}" but full/eidols.json lacks it`);
    expect(r.errors).toContain('full/props-p2.json: only the first page of a sheet (full/props.json) lists its pages');
  });

  it("warns of a sheet image over a page's pixels", async () => {
    const dir = await copyShipped();
    const { data, info } = await sharp(path.join(dir, 'full/items.png')).raw().toBuffer({ resolveWithObject: true });
    const tall = Buffer.concat(Array.from({ length: 3 }, () => data));
    await sharp(tall, { raw: { width: info.width, height: info.height * 3, channels: info.channels } })
      .png()
      .toFile(path.join(dir, 'full/items.png'));
    await editJson(path.join(dir, 'full/items.json'), (j) => {
      j.meta.size.h = info.height * 3;
    });
    const r = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([
      `full/items.json: image is ${info.width}×${info.height * 3}, over 1048576 pixels: a phone uploads it in one long task (cut it into pages: npm run atlases does)`,
    ]);
  });

  it('reports a manifest of the wrong shape and missing sounds', async () => {
    const dir = await copyShipped();
    await editJson(path.join(dir, 'manifest.json'), (m) => {
      m.audio = m.audio.filter((s) => s.name !== 'coin');
    });
    await rm(path.join(dir, 'audio/win.ogg'));
    const r = await checkAtlasFolder(dir, { reference: SHIPPED });
    expect(r.errors).toContain('missing sound "coin" in manifest.audio');
    expect(r.errors).toContain('sound "win": file audio/win.ogg is missing or empty');
    await editJson(path.join(dir, 'manifest.json'), (m) => {
      delete m.sheets;
    });
    const bad = await checkAtlasFolder(dir);
    expect(bad.errors[0]).toMatch(/^manifest.json has the wrong shape: sheets/);
  });

  it('exits non-zero from the command line on a broken folder and zero on the shipped one', async () => {
    const dir = await copyShipped();
    await editJson(path.join(dir, 'full/masters.json'), (j) => delete j.frames['selection-ring']);
    const bad = spawnSync('npx', ['tsx', 'scripts/art/checkAtlases.ts', dir], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('missing frame "selection-ring" at full resolution');
    const good = spawnSync('npx', ['tsx', 'scripts/art/checkAtlases.ts', SHIPPED], { encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('OK (7 sheets');
  }, 30_000);
});
