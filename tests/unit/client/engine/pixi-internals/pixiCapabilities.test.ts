// @vitest-environment jsdom
/** Pixi's capability checks are answered from the stage's own context, which they may not lose. */
import { afterEach, describe, expect, it } from 'vitest';
import { DOMAdapter } from 'pixi.js';
import { lentContext, PIXI_CAPABILITY_CHECKS, seedPixiCapabilities } from '../../../../../src/client/engine/pixi-internals/pixiCapabilities';

/** A stand-in WebGL context that records what is called on it, and on what `this`. */
function recordingContext() {
  const calls: string[] = [];
  const gl = {
    MAX_TEXTURE_IMAGE_UNITS: 0x8872,
    getParameter(this: unknown, p: number) {
      calls.push(`getParameter ${p.toString(16)}${this === gl ? '' : ' (unbound)'}`);
      return 16;
    },
    getExtension(name: string) {
      calls.push(`getExtension ${name}`);
      return name === 'WEBGL_lose_context' ? { loseContext: () => calls.push('LOST') } : { name };
    },
  };
  return { gl, calls };
}

describe('lentContext', () => {
  it('forwards calls and constants to the context, bound to it, and hides WEBGL_lose_context', () => {
    const { gl, calls } = recordingContext();
    const lent = lentContext(gl as unknown as WebGL2RenderingContext);
    expect(lent.getParameter(lent.MAX_TEXTURE_IMAGE_UNITS)).toBe(16);
    expect(lent.getExtension('WEBGL_lose_context')).toBeNull();
    expect(lent.getExtension('OES_texture_float_linear')).toEqual({ name: 'OES_texture_float_linear' });
    expect(calls).toEqual(['getParameter 8872', 'getExtension OES_texture_float_linear']);
  });
});

describe('seedPixiCapabilities', () => {
  const own = DOMAdapter.get();
  afterEach(() => DOMAdapter.set(own));

  /** A check as Pixi's are written: a canvas from Pixi's factory, its WebGL context, a question, then the context lost. */
  const pixiLikeCheck = (answers: unknown[]) => () => {
    const gl = DOMAdapter.get().createCanvas().getContext('webgl') as WebGLRenderingContext;
    answers.push(gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  };

  it('answers each check from the stage\'s context, which is never lost, and gives Pixi its factory back', () => {
    const { gl, calls } = recordingContext();
    const answers: unknown[] = [];
    seedPixiCapabilities(gl as unknown as WebGL2RenderingContext, [pixiLikeCheck(answers), pixiLikeCheck(answers)]);
    expect(answers).toEqual([16, 16]);
    expect(calls).toEqual(['getParameter 8872', 'getParameter 8872']);
    expect(DOMAdapter.get()).toBe(own);
    // Everything else of the factory is Pixi's own while the checks run.
    seedPixiCapabilities(gl as unknown as WebGL2RenderingContext, [() => answers.push(DOMAdapter.get().getBaseUrl === own.getBaseUrl)]);
    expect(answers.at(-1)).toBe(true);
  });

  it('gives the factory back when a check throws', () => {
    const { gl } = recordingContext();
    expect(() =>
      seedPixiCapabilities(gl as unknown as WebGL2RenderingContext, [
        () => {
          throw new Error('gone');
        },
      ]),
    ).toThrow('gone');
    expect(DOMAdapter.get()).toBe(own);
  });

  it('runs Pixi\'s own three checks by default', () => {
    expect(PIXI_CAPABILITY_CHECKS).toHaveLength(3);
  });
});
