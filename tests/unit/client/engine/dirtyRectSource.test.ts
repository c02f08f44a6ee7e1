// @vitest-environment jsdom
/**
 * The label pages' uploader: a texture not allocated yet (or lost with its context) gets the whole canvas
 * through the image upload; an allocated one gets one `texSubImage2D` of the bounds of what was drawn since
 * the last upload (in strips when the bounds are larger than one), taken from the canvas by the unpack
 * rectangle on WebGL 2 and read into pixels on WebGL 1; nothing drawn, nothing sent. Registered, it is among the
 * uploaders a WebGL renderer takes when it is made.
 */
import { describe, expect, it } from 'vitest';
import { GlTextureSystem, type GlTexture, type TextureSource } from 'pixi.js';
import { boundsOf, dirtyRectUploader, registerDirtyRectUploads, type PixelRect } from '../../../../src/client/engine/dirtyRectSource';

const TEXTURE_2D = 0x0de1;
const UNPACK_SKIP_ROWS = 0x0cf3;
const UNPACK_SKIP_PIXELS = 0x0cf4;

/** A GL context that records the calls an upload makes. */
function recordingGl() {
  const calls: unknown[][] = [];
  const gl = new Proxy(
    { TEXTURE_2D, RGBA: 0x1908, UNSIGNED_BYTE: 0x1401, UNPACK_SKIP_ROWS, UNPACK_SKIP_PIXELS } as Record<string, unknown>,
    {
      get: (target, key: string) => (key in target ? target[key] : (...args: unknown[]) => void calls.push([key, ...args])),
    },
  );
  return { gl: gl as unknown as WebGL2RenderingContext, calls };
}

/** A `size`² page that hands out `drawn` and reads a rectangle as a tagged object. */
function page(drawn: PixelRect[], size = 64) {
  const reads: PixelRect[] = [];
  const source = {
    pixelWidth: size,
    pixelHeight: size,
    resourceWidth: size,
    resourceHeight: size,
    resource: 'the canvas',
    takeDrawn: () => drawn.splice(0),
    context2D: {
      getImageData: (x: number, y: number, width: number, height: number) => {
        reads.push({ x, y, width, height });
        return { tag: `pixels ${x},${y} ${width}x${height}` };
      },
    },
  };
  return { source: source as unknown as TextureSource, reads };
}

const glTexture = (width: number) =>
  ({ target: TEXTURE_2D, width, height: width, internalFormat: 0x8058, format: 0x1908, type: 0x1401 }) as unknown as GlTexture;

describe('dirty-rectangle uploads', () => {
  it('uploads the whole canvas into a texture not allocated yet, and forgets what was drawn', () => {
    const { gl, calls } = recordingGl();
    const drawn = [{ x: 0, y: 0, width: 10, height: 5 }];
    const { source, reads } = page(drawn);
    const texture = glTexture(-1);
    dirtyRectUploader.upload(source, texture, gl, 2);
    expect(calls).toEqual([['texImage2D', TEXTURE_2D, 0, 0x8058, 64, 64, 0, 0x1908, 0x1401, 'the canvas']]);
    expect(reads).toEqual([]);
    expect(drawn).toEqual([]);
    expect([texture.width, texture.height]).toEqual([64, 64]);
  });

  it('sends one rectangle holding everything drawn since the last upload into an allocated texture, read from the canvas on WebGL 2', () => {
    const { gl, calls } = recordingGl();
    const drawn = [
      { x: 4, y: 10, width: 20, height: 8 },
      { x: 30, y: 10, width: 12, height: 8 },
      { x: 2, y: 20, width: 6, height: 8 },
    ];
    const { source, reads } = page(drawn);
    dirtyRectUploader.upload(source, glTexture(64), gl, 2);
    expect(reads).toEqual([]);
    expect(calls).toEqual([
      ['pixelStorei', UNPACK_SKIP_ROWS, 10],
      ['pixelStorei', UNPACK_SKIP_PIXELS, 2],
      ['texSubImage2D', TEXTURE_2D, 0, 2, 10, 40, 18, 0x1908, 0x1401, 'the canvas'],
      ['pixelStorei', UNPACK_SKIP_ROWS, 0],
      ['pixelStorei', UNPACK_SKIP_PIXELS, 0],
    ]);

    // Nothing drawn since: nothing sent.
    calls.length = 0;
    dirtyRectUploader.upload(source, glTexture(64), gl, 2);
    expect(calls).toEqual([]);
  });

  it('reads the rectangle into pixels on WebGL 1 (no unpack rectangle for a canvas there)', () => {
    const { gl, calls } = recordingGl();
    const { source, reads } = page([{ x: 4, y: 10, width: 20, height: 8 }]);
    dirtyRectUploader.upload(source, glTexture(64), gl, 1);
    expect(reads).toEqual([{ x: 4, y: 10, width: 20, height: 8 }]);
    expect(calls).toEqual([['texSubImage2D', TEXTURE_2D, 0, 4, 10, 0x1908, 0x1401, { tag: 'pixels 4,10 20x8' }]]);
  });

  it('sends a bound larger than a strip in strips of rows', () => {
    // 1024 wide: 64 rows make a 256 KB strip (STRIP_BYTES).
    const rows = [0, 64, 128, 192].map((y) => ({ y: 100 + y, rows: y === 192 ? 8 : 64 }));
    const webgl2 = recordingGl();
    dirtyRectUploader.upload(page([{ x: 0, y: 100, width: 1024, height: 200 }], 1024).source, glTexture(1024), webgl2.gl, 2);
    expect(webgl2.calls.filter((c) => c[0] === 'texSubImage2D').map((c) => c.slice(4, 7))).toEqual(rows.map((r) => [r.y, 1024, r.rows]));
    const webgl1 = recordingGl();
    const { source, reads } = page([{ x: 0, y: 100, width: 1024, height: 200 }], 1024);
    dirtyRectUploader.upload(source, glTexture(1024), webgl1.gl, 1);
    expect(reads).toEqual(rows.map((r) => ({ x: 0, y: r.y, width: 1024, height: r.rows })));
  });

  it('bounds rectangles', () => {
    expect(boundsOf([{ x: 5, y: 5, width: 1, height: 1 }])).toEqual({ x: 5, y: 5, width: 1, height: 1 });
    expect(
      boundsOf([
        { x: 5, y: 5, width: 10, height: 2 },
        { x: 0, y: 9, width: 3, height: 3 },
      ]),
    ).toEqual({ x: 0, y: 5, width: 15, height: 7 });
  });

  it('is among the uploaders a WebGL renderer takes once registered', () => {
    registerDirtyRectUploads();
    registerDirtyRectUploads();
    expect(GlTextureSystem.uploadExtensions['dirty-rects']).toMatchObject({ id: 'dirty-rects', upload: dirtyRectUploader.upload });
  });
});
