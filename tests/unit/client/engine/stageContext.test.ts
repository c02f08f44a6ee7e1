// @vitest-environment jsdom
/** The stage's context is made ahead of Pixi with the attributes Pixi would ask for, one step a task. */
import { afterAll, describe, expect, it, vi } from 'vitest';
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
      const options = { backgroundAlpha: 0, antialias, width: 400, height: 800, resolution: 2 };
      expect(pixiAsks(options)[0]).toEqual(stageContextAttributes(options));
    }
    const opaque = { backgroundAlpha: 1, antialias: false, width: 400, height: 800, resolution: 2 };
    expect(pixiAsks(opaque)[0]).toEqual(stageContextAttributes(opaque));
  });

  it('fits the stage\'s own options', () => {
    const attributes = stageContextAttributes(stageOptions());
    expect(attributes.alpha).toBe(true);
    expect(attributes.stencil).toBe(true);
  });
});

describe('prepareStageContext', () => {
  const getContext = HTMLCanvasElement.prototype.getContext;
  // Pixi keeps its test context for the worker's later files: lost, so that it makes another one then.
  let lost = false;
  afterAll(() => {
    lost = true;
    HTMLCanvasElement.prototype.getContext = getContext;
    vi.unstubAllGlobals();
  });

  it('sizes the canvas as Pixi will and makes its WebGL 2 context, then answers Pixi\'s checks from it a task later, and no other canvas gets a context', async () => {
    // jsdom has no WebGL: every canvas answers with a stand-in context, and says what it was asked when.
    vi.stubGlobal('WebGLRenderingContext', class {});
    let task = 0;
    const log: string[] = [];
    const context = (canvas: HTMLCanvasElement, kind: string) => ({
      kind,
      canvas,
      FRAGMENT_SHADER: 0x8b30,
      getContextAttributes: () => ({ stencil: true }),
      getExtension: () => null,
      getParameter: () => 16,
      getShaderPrecisionFormat: () => ({ precision: 23 }),
      createShader: () => ({}),
      shaderSource: () => {},
      compileShader: () => log.push(`task ${task}: a shader compiled on the ${kind} context`),
      getShaderParameter: () => true,
      deleteShader: () => {},
      isContextLost: () => lost,
    });
    const stage = document.createElement('canvas');
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, attributes?: unknown) {
      log.push(`task ${task}: ${this === stage ? `stage ${this.width}x${this.height}` : 'another canvas'} ${kind}${this === stage ? ` ${JSON.stringify(attributes)}` : ''}`);
      return context(this, kind);
    } as never;
    const options = { backgroundAlpha: 0, antialias: false, width: 400, height: 801, resolution: 1.75 };
    const gl = await prepareStageContext(stage, options, async () => void task++);
    expect(gl).toMatchObject({ kind: 'webgl2', canvas: stage });
    // Pixi caches its checks' answers per page (here per test worker): the shader test runs unless an earlier file ran it.
    expect(log.filter((line) => !line.includes('shader compiled'))).toEqual([`task 1: stage 700x1401 webgl2 ${JSON.stringify(stageContextAttributes(options))}`]);
    expect(log.filter((line) => line.includes('shader compiled')).every((line) => line === 'task 2: a shader compiled on the webgl2 context')).toBe(true);
  });
});
