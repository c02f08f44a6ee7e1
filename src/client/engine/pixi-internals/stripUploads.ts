/**
 * Sheet uploads in strips. Chromium sends a texture upload through a shared transfer buffer; an upload larger
 * than that buffer (~1 MB) is cut up and the page waits on the GPU process for each piece, so one 1994×518
 * sheet page (4 MB) held the main thread 56–150 ms at ×4 CPU, and each of home's five pages was a long task
 * (issue #8). The same pixels sent as strips of at most STRIP_BYTES, the source's rows picked with
 * `UNPACK_SKIP_ROWS` (WebGL 2 applies the unpack rectangle to images, bitmaps and canvases), cost 4–10 ms in
 * all at ×4 in isolation, 3–11 ms a strip on home, and the warm-up sends one a task (`uploadInTasks`). The
 * uploader replaces Pixi's image uploader in renderers made after `registerStripUploads`; small images, other
 * formats and WebGL 1 go through Pixi's.
 */
import { ExtensionType, extensions, glUploadImageResource, type GLTextureUploader, type GlTexture, type Renderer, type TextureSource } from 'pixi.js';
import { stripsOf, type Strip } from '../textureStrips';
import { pixiPatchEnabled } from './fence';

/** A large upload held back by uploadInTasks: its texture allocated, its strips still to send. */
interface HeldUpload {
  glTexture: GlTexture;
  width: number;
  resource: TexImageSource;
  strips: Strip[];
  /** The premultiplication Pixi set for this source before it called the uploader. */
  premultiply: boolean;
}

/** Sources whose next large upload is held back (set only during uploadInTasks's initSource). */
const holding = new WeakSet<TextureSource>();
const held = new WeakMap<TextureSource, HeldUpload>();

/**
 * Sends the rows of `strip` of a `width`-wide band of `resource` from column `x` into the same place of the
 * bound texture `glTexture`; the unpack offsets are back at 0 afterwards.
 */
export function sendStrip(gl: WebGL2RenderingContext, target: number, glTexture: GlTexture, resource: TexImageSource, x: number, width: number, strip: Strip): void {
  try {
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, strip.y);
    if (x) gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, x);
    gl.texSubImage2D(target, 0, x, strip.y, width, strip.rows, glTexture.format, glTexture.type, resource);
  } finally {
    // Every other upload (Pixi's, the label pages') reads from the source's first row and column.
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
    if (x) gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
  }
}

/** Pixi's WebGL image uploader, sending large RGBA images in strips on WebGL 2. */
export const stripImageUploader: GLTextureUploader = {
  id: 'image',
  upload(source, glTexture, gl, webGLVersion, targetOverride, forceAllocation = false) {
    // A new upload replaces whatever was still held of an earlier one.
    held.delete(source);
    // What Pixi's uploader sends: the texture's size allocated, the part of the resource that fits in it.
    const width = Math.min(source.pixelWidth, source.resourceWidth);
    const height = Math.min(source.pixelHeight, source.resourceHeight);
    const rgba8 = glTexture.format === gl.RGBA && glTexture.type === gl.UNSIGNED_BYTE;
    const strips = rgba8 ? stripsOf(height, width * 4) : [];
    if (webGLVersion !== 2 || strips.length < 2) {
      glUploadImageResource.upload(source, glTexture, gl, webGLVersion, targetOverride, forceAllocation);
      return;
    }
    const gl2 = gl as WebGL2RenderingContext;
    const target = targetOverride || glTexture.target;
    if (forceAllocation || glTexture.width !== source.pixelWidth || glTexture.height !== source.pixelHeight) {
      gl2.texImage2D(target, 0, glTexture.internalFormat, source.pixelWidth, source.pixelHeight, 0, glTexture.format, glTexture.type, null);
    }
    glTexture.width = source.pixelWidth;
    glTexture.height = source.pixelHeight;
    const resource = source.resource as TexImageSource;
    if (holding.has(source) && target === gl2.TEXTURE_2D) {
      held.set(source, { glTexture, width, resource, strips, premultiply: gl2.getParameter(gl2.UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean });
      return;
    }
    for (const strip of strips) sendStrip(gl2, target, glTexture, resource, 0, width, strip);
  },
};

/**
 * Puts `source` on the GPU through `renderer`, a strip a task: Pixi makes its texture (the uploader allocates
 * it and holds a large image's rows back), then each strip is sent after `yieldTask`, into the texture bound
 * for the call alone (the binding and premultiplication Pixi tracks are put back). Nothing may draw from the
 * source until this resolves. A small image, or one Pixi already has, goes up (or not) as Pixi does it.
 */
export async function uploadInTasks(renderer: Renderer, source: TextureSource, yieldTask: () => Promise<void>): Promise<void> {
  holding.add(source);
  try {
    renderer.texture.initSource(source);
  } finally {
    holding.delete(source);
  }
  const gl = 'gl' in renderer ? (renderer.gl as WebGL2RenderingContext) : null;
  for (let upload = held.get(source); gl && upload; upload = held.get(source)) {
    await yieldTask();
    // Gone meanwhile: destroyed, lost with the context, or uploaded again whole.
    if (held.get(source) !== upload || source.destroyed || gl.isContextLost()) return;
    const strip = upload.strips.shift()!;
    if (upload.strips.length === 0) held.delete(source);
    const bound = gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture | null;
    const premultiply = gl.getParameter(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean;
    gl.bindTexture(gl.TEXTURE_2D, upload.glTexture.texture);
    if (premultiply !== upload.premultiply) gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, upload.premultiply);
    sendStrip(gl, gl.TEXTURE_2D, upload.glTexture, upload.resource, 0, upload.width, strip);
    if (premultiply !== upload.premultiply) gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, premultiply);
    gl.bindTexture(gl.TEXTURE_2D, bound);
    gl.flush();
  }
}

let registered = false;

/** Makes renderers created from now on upload images through stripImageUploader (call before the stage's renderer). */
export function registerStripUploads(): void {
  if (registered || !pixiPatchEnabled('strips')) return;
  registered = true;
  extensions.add({ extension: { type: ExtensionType.TextureUploaderWebGL, name: stripImageUploader.id }, ...stripImageUploader });
}
