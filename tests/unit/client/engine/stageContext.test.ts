// @vitest-environment jsdom
/** The stage's context is made ahead of Pixi with the attributes Pixi would ask for, in a task of its own. */
import { afterAll, describe, expect, it } from 'vitest';
import { GlContextSystem, type WebGLRenderer } from 'pixi.js';
import { prepareStageContext, stageContextAttributes } from '../../../../src/client/engine/stageContext';
import { stageOptions } from '../../../../src/client/engine/stage';

/** What Pixi's own context system asks a canvas for, given the renderer's options (its getContext calls, recorded). */
function pixiAsks(options: { backgroundAlpha: number; antialias: boolean }): unknown[] {
  const asked: unknown[] = [];
  const canvas = { getContext: (_kind: string, attributes: unknown) => (asked.push(attributes), null) };
  const renderer = {
    view: { canvas },
    background: { alpha: options.backgroundAlpha },
    backBuffer: { useBackBuffer: false },
  } as unknown as WebGLRenderer;
  // No context comes back, so Pixi gives up after asking: only the question matters here.
  expect(() => new GlContextSystem(renderer).init({ antialias: options.antialias } as never)).toThrow(/does not support WebGL/);
  return asked;
}

describe('stageContextAttributes', () => {
  it("asks for what Pixi's renderer would ask for, with and without antialiasing", () => {
    for (const antialias of [true, false]) {
      const options = { backgroundAlpha: 0, antialias, width: 400, height: 800, resolution: 2 };
      expect(pixiAsks(options)[0]).toEqual(stageContextAttributes(options));
    }
    const opaque = { backgroundAlpha: 1, antialias: false, width: 400, height: 800, resolution: 2 };
    expect(pixiAsks(opaque)[0]).toEqual(stageContextAttributes(opaque));
  });

  it("fits the stage's own options", () => {
    const attributes = stageContextAttributes(stageOptions());
    expect(attributes.alpha).toBe(true);
    expect(attributes.stencil).toBe(true);
  });
});

describe('prepareStageContext', () => {
  const getContext = HTMLCanvasElement.prototype.getContext;
  afterAll(() => {
    HTMLCanvasElement.prototype.getContext = getContext;
  });

  it('sizes the canvas as Pixi will and makes its WebGL 2 context in a task of its own', async () => {
    // jsdom has no WebGL: the canvas answers with a stand-in context and says what it was asked when.
    let task = 0;
    const log: string[] = [];
    const stage = document.createElement('canvas');
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, attributes?: unknown) {
      log.push(
        `task ${task}: ${this === stage ? `stage ${this.width}x${this.height}` : 'another canvas'} ${kind} ${JSON.stringify(attributes)}`,
      );
      return { kind, canvas: this };
    } as never;
    const options = { backgroundAlpha: 0, antialias: false, width: 400, height: 801, resolution: 1.75 };
    const gl = await prepareStageContext(stage, options, async () => void task++);
    expect(gl).toMatchObject({ kind: 'webgl2', canvas: stage });
    expect(log).toEqual([`task 1: stage 700x1401 webgl2 ${JSON.stringify(stageContextAttributes(options))}`]);
  });
});
