/**
 * A canvas texture that uploads only what was drawn on it since its last upload. Pixi's canvas source sends
 * the whole canvas to the GPU on every update: for the world's label pages (1024², 4 MB) that was 15–35 ms a
 * frame at ×4 CPU throttling each time one new name came on screen. Here a drawer marks the rectangles it
 * drew and the upload sends those (`texSubImage2D`); a texture not allocated yet, or lost with its context,
 * gets the whole canvas through Pixi's own image uploader. The uploader is a Pixi extension that a renderer takes
 * when it is made: `registerDirtyRectUploads` runs before the stage's renderer is created (WebGL, as the stage
 * is); a source made before that uploads whole, like any canvas.
 */
import {
  CanvasSource,
  DOMAdapter,
  ExtensionType,
  extensions,
  glUploadImageResource,
  type GLTextureUploader,
  type GlTexture,
  type TextureSource,
} from 'pixi.js';
import { stripsOf, type Strip } from './textureStrips';

/** A rectangle of the canvas, in canvas pixels. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const UPLOAD_ID = 'dirty-rects';
let registered = false;

/** A canvas texture of `width` × `height` pixels (resolution 1) whose updates upload the marked rectangles. */
export class DirtyRectCanvasSource extends CanvasSource {
  private dirty: PixelRect[] = [];

  constructor(width: number, height: number) {
    const canvas = DOMAdapter.get().createCanvas(width, height);
    // Each upload reads a rectangle of it: a canvas kept in memory makes that a copy, not a GPU read.
    canvas.getContext('2d', { willReadFrequently: true });
    super({ resource: canvas, width, height, resolution: 1 });
    if (registered) this.uploadMethodId = UPLOAD_ID;
  }

  /** Marks a drawn rectangle for the next upload. */
  markDrawn(rect: PixelRect): void {
    this.dirty.push(rect);
  }

  /** The rectangles drawn since the last upload; forgets them. */
  takeDrawn(): PixelRect[] {
    const rects = this.dirty;
    this.dirty = [];
    return rects;
  }
}

/** The smallest rectangle holding all of `rects` (not empty). */
export function boundsOf(rects: PixelRect[]): PixelRect {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Sends the rows of `strip` of a `width`-wide band of `resource` from column `x` into the same place of the
 * bound texture `glTexture` (WebGL 2 applies the unpack rectangle to canvases); the unpack offsets are back at 0
 * afterwards.
 */
export function sendStrip(
  gl: WebGL2RenderingContext,
  target: number,
  glTexture: GlTexture,
  resource: TexImageSource,
  x: number,
  width: number,
  strip: Strip,
): void {
  try {
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, strip.y);
    if (x) gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, x);
    gl.texSubImage2D(target, 0, x, strip.y, width, strip.rows, glTexture.format, glTexture.type, resource);
  } finally {
    // Every other upload (Pixi's own) reads from the source's first row and column.
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
    if (x) gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
  }
}

/** Pixi's WebGL uploader for DirtyRectCanvasSource. */
export const dirtyRectUploader: GLTextureUploader = {
  id: UPLOAD_ID,
  upload(source: TextureSource, glTexture: GlTexture, gl, webGLVersion) {
    const canvas = source as DirtyRectCanvasSource;
    const rects = canvas.takeDrawn();
    if (glTexture.width !== source.pixelWidth || glTexture.height !== source.pixelHeight) {
      glUploadImageResource.upload(source, glTexture, gl, webGLVersion);
      return;
    }
    if (rects.length === 0) return;
    // The rectangles' bounds, not each rectangle: each upload is a round trip to the GPU process, and the labels
    // drawn in one frame mostly sit side by side on a shelf or two. A tall bound goes in strips, as sheets do.
    // Pixi's texture system has bound the texture and set the unpack state before it calls an uploader.
    const r = boundsOf(rects);
    const strips = stripsOf(r.height, r.width * 4).map((s) => ({ y: r.y + s.y, rows: s.rows }));
    if (webGLVersion === 2) {
      // WebGL 2 reads the rectangle from the canvas itself: no copy into an ImageData (up to 4 MB on entering
      // a crowded room, 8 ms of getImageData and its garbage in the first frames).
      for (const strip of strips)
        sendStrip(gl as WebGL2RenderingContext, glTexture.target, glTexture, canvas.resource as TexImageSource, r.x, r.width, strip);
      return;
    }
    const context = canvas.context2D as CanvasRenderingContext2D;
    for (const strip of strips) {
      const pixels = context.getImageData(r.x, strip.y, r.width, strip.rows);
      gl.texSubImage2D(glTexture.target, 0, r.x, strip.y, glTexture.format, glTexture.type, pixels);
    }
  },
};

/** Lets renderers made from now on upload DirtyRectCanvasSource by rectangles (call before the stage's renderer). */
export function registerDirtyRectUploads(): void {
  if (registered) return;
  registered = true;
  extensions.add({ extension: { type: ExtensionType.TextureUploaderWebGL, name: UPLOAD_ID }, ...dirtyRectUploader });
}
