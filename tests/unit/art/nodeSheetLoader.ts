/** Loads atlases in Node through the real client loader: files instead of fetch, sharp instead of <img>. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { BufferImageSource, Spritesheet, Texture, type SpritesheetData } from 'pixi.js';
import type { LoadAtlasOptions } from '../../../src/client/engine/atlas';
import { sheetPagePaths } from '../../../src/client/engine/atlasManifest';

/** fetchJson + loadSheet for loadAtlases() that read a folder on disk; baseUrl is the folder path. */
export function nodeAtlasIo(): Required<Pick<LoadAtlasOptions, 'fetchJson' | 'loadSheet'>> {
  return {
    fetchJson: async (url) => JSON.parse(await readFile(url, 'utf8')),
    loadSheet: async (url) => {
      const page = async (file: string) => {
        const json = JSON.parse(await readFile(file, 'utf8')) as SpritesheetData & { meta: { related_multi_packs?: string[] } };
        const { data, info } = await sharp(path.join(path.dirname(file), json.meta.image!))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const source = new BufferImageSource({ resource: new Uint8Array(data), width: info.width, height: info.height });
        return { json, textures: await new Spritesheet(new Texture({ source }), json).parse() };
      };
      // A sheet cut into pages lists the others on its first, as Pixi's loader follows them.
      const first = await page(url);
      const more = await Promise.all(sheetPagePaths(url, first.json).slice(1).map(page));
      return Object.assign({}, first.textures, ...more.map((p) => p.textures));
    },
  };
}

/** The RGBA pixels a texture shows, read back from its source at physical resolution. */
export function texturePixels(tex: Texture): { w: number; h: number; rgba: Uint8Array } {
  const res = tex.source.resolution;
  const src = tex.source.resource as Uint8Array;
  const stride = tex.source.pixelWidth * 4;
  const x0 = Math.round(tex.frame.x * res);
  const y0 = Math.round(tex.frame.y * res);
  const w = Math.round(tex.frame.width * res);
  const h = Math.round(tex.frame.height * res);
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) rgba.set(src.subarray((y0 + y) * stride + x0 * 4, (y0 + y) * stride + (x0 + w) * 4), y * w * 4);
  return { w, h, rgba };
}
