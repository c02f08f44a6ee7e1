/**
 * Spreads a scene's one-time GPU work over tasks of its own before the scene's first frame. Left to that
 * frame, it all lands in one task: linking the batch shaders (the page waits for the GPU process to finish
 * each link), uploading every sheet the scene draws from (a 2000×1350 sheet is ~20 ms of main thread on a
 * desktop, ×4 on a phone), then the frame itself — on home that task was ~60 ms observed, ~240 ms on a
 * phone's CPU, the largest piece of its blocking time (issue #8).
 */
import { Container, DefaultBatcher, Graphics, RenderTexture, Sprite, Texture, type Renderer, type TextureSource } from 'pixi.js';
import { nextTask } from './nextTask';
import { gpuIdle } from './gpuIdle';

/** Puts `source` on the GPU as Pixi does it (one upload: the sheet pages are at most 1 Mpx, `npm run atlases`). */
function uploadWhole(renderer: Renderer, source: TextureSource): Promise<void> {
  renderer.texture.initSource(source);
  return Promise.resolve();
}

/** Warms a renderer: `warm(sources)` resolves once the programs and the given texture sources are on the GPU. */
export function createGpuWarmUp(
  renderer: Renderer,
  yieldTask: () => Promise<void> = nextTask,
  whenGpuIdle: (gl: WebGL2RenderingContext | undefined) => Promise<void> = gpuIdle,
  upload: (renderer: Renderer, source: TextureSource, yieldTask: () => Promise<void>) => Promise<void> = uploadWhole,
) {
  const uploaded = new WeakSet<TextureSource>();
  // Commands wait in the page's buffer until a flush: without one, the GPU process would do this work only
  // when the first frame is submitted, and that frame (read back on a machine without a GPU) would wait for it.
  const gl = 'gl' in renderer ? renderer.gl : undefined;
  const flush = () => gl?.flush();
  let programs: Promise<void> | null = null;

  // Everything is drawn into a 1×1 texture (kept for later scenes): the canvas is not touched, so no frame is presented for it.
  let target: RenderTexture | null = null;
  const draw = (view: Container) => {
    target ??= RenderTexture.create({ width: 1, height: 1 });
    renderer.render({ container: view, target });
    view.destroy();
    flush();
  };

  /**
   * Readies what every scene draws with, one piece a task: the batch shader's source (Pixi writes it in
   * JavaScript for the device's texture count, ~15 ms observed; Pixi keeps it for the batcher it makes), the
   * off-screen target (its framebuffer and the global uniforms, drawn empty), then the first draws with the
   * two programs (sprites and text; graphics). Together they were one ~65 ms task observed, ~260 ms on a
   * phone's CPU.
   */
  async function linkPrograms(): Promise<void> {
    const steps = [
      () => new DefaultBatcher({ maxTextures: renderer.limits.maxBatchableTextures }).destroy(),
      () => draw(new Container()),
      () => draw(new Sprite(Texture.WHITE)),
      () => draw(new Graphics().rect(0, 0, 1, 1).fill(0xffffff)),
    ];
    for (const step of steps) {
      await yieldTask();
      await step();
    }
  }

  return async function warm(sources: Iterable<TextureSource>): Promise<void> {
    let sent = !programs;
    programs ??= linkPrograms();
    await programs;
    for (const source of sources) {
      if (uploaded.has(source) || source.destroyed) continue;
      uploaded.add(source);
      await yieldTask();
      // A sheet goes up in a task of its own.
      await upload(renderer, source, yieldTask);
      // Then drawn: a driver may only stage the pixels at upload (ANGLE over Vulkan does) and copy them into
      // the texture when a draw first samples it, which would otherwise be the scene's first frame.
      const texture = new Texture({ source });
      draw(new Sprite(texture));
      texture.destroy();
      sent = true;
    }
    // Show the scene once the GPU has the sheets: its first frame then waits only for itself.
    if (sent) await whenGpuIdle(gl);
  };
}
