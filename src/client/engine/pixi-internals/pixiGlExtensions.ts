/**
 * The WebGL extensions Pixi's renderer enables at start, cut to what this app draws with. Pixi's context system
 * asks for about fourteen (compressed-texture formats, float textures and targets, anisotropic filtering);
 * enabling one the browser supports is a round trip to the GPU process, and together they were the largest
 * piece of the renderer's start on home's way (~90–110 ms at ×4 CPU, issue #8). The app draws PNG sprite sheets
 * with the default filtering and no float targets, so on WebGL 2 it needs only WEBGL_lose_context (Pixi's
 * context loss and destroy) and the provoking-vertex convention Pixi sets; an extension left out reads as
 * unsupported to Pixi. WebGL 1 keeps Pixi's own list (there it needs VAOs, instancing and 32-bit indices).
 * A scene that starts using compressed textures, float targets or anisotropy adds its extension here.
 */
import { GlContextSystem } from 'pixi.js';
import { pixiPatchEnabled } from './fence';

type ExtensionsStep = (this: GlContextSystem) => void;
const proto = GlContextSystem.prototype as unknown as { getExtensions: ExtensionsStep };
const pixiOwn = proto.getExtensions;

/** The app's extensions step: on WebGL 2 the two the app uses, else Pixi's own. */
export const appGetExtensions: ExtensionsStep = function (this: GlContextSystem) {
  if (this.webGLVersion !== 2) return pixiOwn.call(this);
  const { gl } = this;
  this.extensions = { loseContext: gl.getExtension('WEBGL_lose_context') ?? undefined };
  const provoke = gl.getExtension('WEBGL_provoking_vertex');
  provoke?.provokingVertexWEBGL(provoke.FIRST_VERTEX_CONVENTION_WEBGL);
};

/** Makes every Pixi renderer started after this call enable only the app's extensions (idempotent). */
export function limitPixiGlExtensions(): void {
  if (!pixiPatchEnabled('glExtensions')) return;
  proto.getExtensions = appGetExtensions;
}
