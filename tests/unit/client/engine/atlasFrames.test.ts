/** The HUD's atlas frames (CSS sprites) come from every page of a sheet, read from the shipped atlases folder. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFrameRects } from '../../../../src/client/engine/atlasFrames';

/** fetch over the shipped `atlases/` folder, as the server serves it at /atlases/. */
async function serveAtlases(url: string | URL | Request): Promise<Response> {
  const file = path.join('atlases', String(url).replace(/^\/atlases\//, ''));
  return readFile(file).then(
    (body) => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
    () => new Response('not found', { status: 404 }),
  );
}

describe('loadFrameRects', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds frames on every page of a sheet cut into pages, each with its own page image', async () => {
    vi.stubGlobal('fetch', vi.fn(serveAtlases));
    const sheet = JSON.parse(await readFile('atlases/full/eidols.json', 'utf8')) as {
      frames: Record<string, unknown>;
      meta: { related_multi_packs: string[] };
    };
    const pages = sheet.meta.related_multi_packs;
    expect(pages.length).toBeGreaterThan(0);
    const onFirst = Object.keys(sheet.frames)[0]!;
    const later = JSON.parse(await readFile(path.join('atlases/full', pages.at(-1)!), 'utf8')) as {
      frames: Record<string, { frame: { x: number; y: number } }>;
      meta: { image: string };
    };
    const onLast = Object.keys(later.frames)[0]!;
    const rects = await loadFrameRects([onFirst, onLast], 'full');
    expect(rects.get(onFirst)?.image).toBe('/atlases/full/eidols.png');
    expect(rects.get(onLast)).toMatchObject({
      image: `/atlases/full/${later.meta.image}`,
      x: later.frames[onLast]!.frame.x,
      y: later.frames[onLast]!.frame.y,
    });
  });
});
