/**
 * Pixi's capability checks answered from the stage's own WebGL context. Pixi finds out whether WebGL works, the
 * fragment precision and how many textures a batch may sample by making throwaway contexts of its own
 * (`isWebGLSupported`, `getTestContext`): two more contexts at start, each a task of 60–80 ms at ×4 CPU on
 * home's way (issue #8). Pixi caches each answer; asking once with its canvas factory (`DOMAdapter`) lending the
 * stage's context fills those caches, and no other context is made. The context is lent behind a view that
 * hides WEBGL_lose_context: both checks lose their throwaway context when they are done with it.
 */
import { DOMAdapter, getMaxFragmentPrecision, getMaxTexturesPerBatch, isWebGLSupported } from 'pixi.js';
import { pixiPatchEnabled } from './fence';

/** `gl` as the checks may use it: the same context, whose WEBGL_lose_context is not there to call. */
export function lentContext<T extends WebGLRenderingContext | WebGL2RenderingContext>(gl: T): T {
  return new Proxy(gl, {
    get(target, key) {
      if (key === 'getExtension') return (name: string) => (name === 'WEBGL_lose_context' ? null : target.getExtension(name));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Pixi's checks that make a throwaway context of their own, each caching its answer. */
export const PIXI_CAPABILITY_CHECKS: ReadonlyArray<() => unknown> = [() => isWebGLSupported(), getMaxFragmentPrecision, getMaxTexturesPerBatch];

/** Runs Pixi's capability checks on `gl` (the stage's context) so that Pixi makes no context of its own for them. */
export function seedPixiCapabilities(gl: WebGLRenderingContext | WebGL2RenderingContext, checks = PIXI_CAPABILITY_CHECKS): void {
  if (!pixiPatchEnabled('capabilities')) return;
  const lent = lentContext(gl);
  const own = DOMAdapter.get();
  DOMAdapter.set({ ...own, createCanvas: () => ({ getContext: () => lent }) as unknown as HTMLCanvasElement });
  try {
    for (const check of checks) check();
  } finally {
    DOMAdapter.set(own);
  }
}
