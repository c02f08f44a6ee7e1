// @vitest-environment jsdom
/** The stage's context is made ahead of Pixi with the attributes Pixi would ask for, one step a task. */
import { describe, expect, it } from 'vitest';
import { GlContextSystem, type WebGLRenderer } from 'pixi.js';
import { prepareStageContext, stageContextAttributes } from '../../../../src/client/engine/stageContext';
import { stageOptions } from '../../../../src/client/engine/stage';

/** What Pixi's own context system asks a canvas for, given the renderer's options (its getContext calls, recorded). */
function pixiAsks(options: { backgroundAlpha: number; antialias: boolean }): unknown[] {
  const asked: unknown[] = [];
  const canvas = { getContext: (_kind: string, attributes: unknown) => (asked.push(attributes), null) };
  const renderer = { view: { canvas }, background: { alpha: options.backgroundAlpha }, backBuffer: { useBackBuffer: false } } as unknown as WebGLRenderer;
  // No context comes back, so Pixi gives up after asking: only the question matters here.
  expect(() => new GlContextSystem(renderer).init({ antialias: options.antialias } as never)).toThrow(/does not support WebGL/);
  return asked;
}

describe('stageContextAttributes', () => {
  it('asks for what Pixi\'s renderer would ask for, with and without antialiasing', () => {
    for (const antialias of [true, false]) {
      const options = { backgroundAlpha: 0, antialias };
      expect(pixiAsks(options)[0]).toEqual(stageContextAttributes(options));
    }
    const opaque = { backgroundAlpha: 1, antialias: false };
    expect(pixiAsks(opaque)[0]).toEqual(stageContextAttributes(opaque));
  });

  it('fits the stage\'s own options', () => {
    const attributes = stageContextAttributes(stageOptions());
    expect(attributes.alpha).toBe(true);
    expect(attributes.stencil).toBe(true);
  });
});

describe('prepareStageContext', () => {
  it('stops after the support check where there is no WebGL (Pixi then chooses alone), touching no canvas', async () => {
    let tasks = 0;
    const canvas = { getContext: () => { throw new Error('not asked'); } } as unknown as HTMLCanvasElement;
    await expect(prepareStageContext(canvas, { backgroundAlpha: 0, antialias: false }, async () => void tasks++)).resolves.toBeNull();
    expect(tasks).toBe(1);
  });
});
