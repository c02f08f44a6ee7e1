// @vitest-environment jsdom
/**
 * Image uploads in strips: a large RGBA image is allocated at the texture's size and sent a band of rows
 * at a time (each band at most STRIP_BYTES, its first row picked with UNPACK_SKIP_ROWS, which is back at 0
 * afterwards); an allocated texture is not allocated again; a small image, another format and WebGL 1 go
 * through Pixi's own image upload. Registered, it replaces Pixi's image uploader in renderers made after.
 * uploadInTasks sends a large image's strips one a task into its texture, bound for the call alone.
 */
import { describe, expect, it } from 'vitest';
import { GlTextureSystem, type GlTexture, type Renderer, type TextureSource } from 'pixi.js';
import { registerStripUploads, stripImageUploader, uploadInTasks } from '../../../../../src/client/engine/pixi-internals/stripUploads';
import { STRIP_BYTES, stripsOf } from '../../../../../src/client/engine/textureStrips';

const GL = {
  TEXTURE_2D: 0x0de1,
  RGBA: 0x1908,
  UNSIGNED_BYTE: 0x1401,
  FLOAT: 0x1406,
  UNPACK_SKIP_ROWS: 0x0cf3,
  TEXTURE_BINDING_2D: 0x8069,
  UNPACK_PREMULTIPLY_ALPHA_WEBGL: 0x9241,
};

/** A GL context that records the calls an upload makes; its state queries answer from `state`. */
function recordingGl(state: Record<number, unknown> = {}) {
  const calls: unknown[][] = [];
  const methods = { ...GL, getParameter: (name: number) => state[name], isContextLost: () => false };
  const gl = new Proxy(methods as Record<string, unknown>, {
    get: (target, key: string) => (key in target ? target[key] : (...args: unknown[]) => void calls.push([key, ...args])),
  });
  return { gl: gl as unknown as WebGL2RenderingContext, calls };
}

const image = (width: number, height: number, resourceHeight = height) =>
  ({ pixelWidth: width, pixelHeight: height, resourceWidth: width, resourceHeight, resource: 'the bitmap' }) as unknown as TextureSource;

const glTexture = (width: number, height: number, type = GL.UNSIGNED_BYTE) =>
  ({ target: GL.TEXTURE_2D, width, height, internalFormat: 0x8058, format: GL.RGBA, type }) as unknown as GlTexture;

describe('strip uploads', () => {
  it('cuts rows into strips of at most the given bytes, the last one shorter', () => {
    expect(stripsOf(10, 100, 300)).toEqual([{ y: 0, rows: 3 }, { y: 3, rows: 3 }, { y: 6, rows: 3 }, { y: 9, rows: 1 }]);
    expect(stripsOf(4, 100, 400)).toEqual([{ y: 0, rows: 4 }]);
    // A row larger than a strip still goes, alone.
    expect(stripsOf(2, 500, 300)).toEqual([{ y: 0, rows: 1 }, { y: 1, rows: 1 }]);
  });

  it('allocates a large image and sends it in strips, each within STRIP_BYTES, the skipped rows back at 0 after each', () => {
    const { gl, calls } = recordingGl();
    const width = 1994;
    const height = 518;
    const texture = glTexture(-1, -1);
    stripImageUploader.upload(image(width, height), texture, gl, 2);
    const rows = Math.floor(STRIP_BYTES / (width * 4));
    expect(calls[0]).toEqual(['texImage2D', GL.TEXTURE_2D, 0, 0x8058, width, height, 0, GL.RGBA, GL.UNSIGNED_BYTE, null]);
    expect(calls.length).toBe(1 + 3 * Math.ceil(height / rows));
    let y = 0;
    for (let i = 1; i < calls.length; i += 3) {
      const strip = Math.min(rows, height - y);
      expect(calls.slice(i, i + 3)).toEqual([
        ['pixelStorei', GL.UNPACK_SKIP_ROWS, y],
        ['texSubImage2D', GL.TEXTURE_2D, 0, 0, y, width, strip, GL.RGBA, GL.UNSIGNED_BYTE, 'the bitmap'],
        ['pixelStorei', GL.UNPACK_SKIP_ROWS, 0],
      ]);
      expect(width * strip * 4).toBeLessThanOrEqual(STRIP_BYTES);
      y += strip;
    }
    expect(y).toBe(height);
    expect([texture.width, texture.height]).toEqual([width, height]);
  });

  it('sends into an allocated texture without allocating it again, and only the rows the resource has', () => {
    const { gl, calls } = recordingGl();
    stripImageUploader.upload(image(1024, 1024, 600), glTexture(1024, 1024), gl, 2);
    expect(calls.some((c) => c[0] === 'texImage2D')).toBe(false);
    const sends = calls.filter((c) => c[0] === 'texSubImage2D');
    expect(sends.map((c) => c[6] as number).reduce((a, b) => a + b)).toBe(600);
  });

  it("leaves small images, other formats and WebGL 1 to Pixi's image upload (one call)", () => {
    for (const [source, texture, version] of [
      [image(256, 256), glTexture(-1, -1), 2],
      [image(1994, 518), glTexture(-1, -1, GL.FLOAT), 2],
      [image(1994, 518), glTexture(-1, -1), 1],
    ] as const) {
      const { gl, calls } = recordingGl();
      stripImageUploader.upload(source, texture, gl, version);
      expect(calls.map((c) => c[0])).toEqual(['texImage2D']);
      expect(calls[0]!.at(-1)).toBe('the bitmap');
    }
  });

  /** A renderer whose texture system makes a texture for a source the first time, through the strip uploader, as Pixi's does. */
  function renderer(gl: WebGL2RenderingContext) {
    const textures = new Map<TextureSource, GlTexture>();
    return {
      gl,
      texture: {
        initSource(source: TextureSource) {
          if (textures.has(source)) return;
          const texture = { ...glTexture(-1, -1), texture: 'its texture' } as unknown as GlTexture;
          textures.set(source, texture);
          stripImageUploader.upload(source, texture, gl, 2);
        },
      },
    } as unknown as Renderer & { gl: WebGL2RenderingContext };
  }

  it('uploadInTasks allocates, then sends a strip a task into the texture bound for the call, putting back the binding and premultiplication', async () => {
    // Pixi premultiplies this sheet on upload; another upload has since turned it off and bound another texture.
    const state: Record<number, unknown> = { [GL.UNPACK_PREMULTIPLY_ALPHA_WEBGL]: true, [GL.TEXTURE_BINDING_2D]: 'another texture' };
    const { gl, calls } = recordingGl(state);
    const r = renderer(gl);
    const source = image(1994, 518);
    const strips = stripsOf(518, 1994 * 4);
    let tasks = 0;
    const yieldTask = async () => {
      tasks++;
      if (tasks === 1) state[GL.UNPACK_PREMULTIPLY_ALPHA_WEBGL] = false;
    };
    const done = uploadInTasks(r, source, yieldTask);
    // Within the call: the allocation only.
    expect(calls).toEqual([['texImage2D', GL.TEXTURE_2D, 0, 0x8058, 1994, 518, 0, GL.RGBA, GL.UNSIGNED_BYTE, null]]);
    await done;
    expect(tasks).toBe(strips.length);
    const perStrip = calls.slice(1);
    expect(perStrip.length).toBe(strips.length * 8);
    for (const [i, strip] of strips.entries()) {
      expect(perStrip.slice(i * 8, i * 8 + 8)).toEqual([
        ['bindTexture', GL.TEXTURE_2D, 'its texture'],
        ['pixelStorei', GL.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true],
        ['pixelStorei', GL.UNPACK_SKIP_ROWS, strip.y],
        ['texSubImage2D', GL.TEXTURE_2D, 0, 0, strip.y, 1994, strip.rows, GL.RGBA, GL.UNSIGNED_BYTE, 'the bitmap'],
        ['pixelStorei', GL.UNPACK_SKIP_ROWS, 0],
        ['pixelStorei', GL.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false],
        ['bindTexture', GL.TEXTURE_2D, 'another texture'],
        ['flush'],
      ]);
    }
    // A texture Pixi already has is not sent again.
    calls.length = 0;
    await uploadInTasks(r, source, yieldTask);
    expect(calls).toEqual([]);
  });

  it('uploadInTasks stops when the source is destroyed or uploaded again whole meanwhile', async () => {
    const { gl, calls } = recordingGl({ [GL.UNPACK_PREMULTIPLY_ALPHA_WEBGL]: true });
    const destroyed = image(1994, 518) as TextureSource & { destroyed: boolean };
    await uploadInTasks(renderer(gl), destroyed, async () => {
      destroyed.destroyed = true;
    });
    expect(calls.filter((c) => c[0] === 'texSubImage2D')).toEqual([]);

    const again = image(1994, 518);
    const r = renderer(gl);
    let tasks = 0;
    calls.length = 0;
    await uploadInTasks(r, again, async () => {
      // After two strips, the source changes and Pixi uploads it whole.
      if (++tasks === 3) stripImageUploader.upload(again, glTexture(1994, 518), gl, 2);
    });
    const sent = calls.filter((c) => c[0] === 'texSubImage2D').length;
    expect(sent).toBe(2 + stripsOf(518, 1994 * 4).length);
  });

  it('uploadInTasks leaves a small image to one upload in the call', async () => {
    const { gl, calls } = recordingGl();
    let tasks = 0;
    await uploadInTasks(renderer(gl), image(256, 256), async () => void tasks++);
    expect(calls.map((c) => c[0])).toEqual(['texImage2D']);
    expect(tasks).toBe(0);
  });

  it("replaces Pixi's image uploader once registered", () => {
    registerStripUploads();
    registerStripUploads();
    expect(GlTextureSystem.uploadExtensions.image).toMatchObject({ id: 'image', upload: stripImageUploader.upload });
  });
});
