// @vitest-environment jsdom
/** Pixi's renderer enables only the WebGL extensions the app draws with (on WebGL 2), Pixi's own list on WebGL 1. */
import { afterAll, describe, expect, it } from 'vitest';
import { GlContextSystem } from 'pixi.js';
import { appGetExtensions, limitPixiGlExtensions } from '../../../../../src/client/engine/pixi-internals/pixiGlExtensions';

/** A context system stand-in on a context that records the extensions asked for (all supported). */
function contextSystem(webGLVersion: 1 | 2) {
  const asked: string[] = [];
  const provoking: number[] = [];
  const gl = {
    getExtension: (name: string) => {
      asked.push(name);
      if (name === 'WEBGL_provoking_vertex') return { FIRST_VERTEX_CONVENTION_WEBGL: 0x8e4d, provokingVertexWEBGL: (c: number) => provoking.push(c) };
      return { name };
    },
  };
  const system = { gl, webGLVersion, extensions: {} } as unknown as GlContextSystem;
  return { system, asked, provoking };
}

describe('appGetExtensions', () => {
  it('on WebGL 2 enables WEBGL_lose_context and the provoking-vertex convention, nothing else', () => {
    const { system, asked, provoking } = contextSystem(2);
    appGetExtensions.call(system);
    expect(asked).toEqual(['WEBGL_lose_context', 'WEBGL_provoking_vertex']);
    expect(system.extensions).toEqual({ loseContext: { name: 'WEBGL_lose_context' } });
    expect(provoking).toEqual([0x8e4d]);
  });

  it('on WebGL 1 runs Pixi\'s own list (VAOs, instancing, 32-bit indices)', () => {
    const { system, asked } = contextSystem(1);
    appGetExtensions.call(system);
    expect(asked).toEqual(expect.arrayContaining(['OES_vertex_array_object', 'ANGLE_instanced_arrays', 'OES_element_index_uint', 'WEBGL_lose_context']));
    expect(system.extensions.vertexArrayObject).toEqual({ name: 'OES_vertex_array_object' });
  });
});

describe('limitPixiGlExtensions', () => {
  const proto = GlContextSystem.prototype as unknown as { getExtensions: unknown };
  const pixiOwn = proto.getExtensions;
  // Pixi's modules are shared by the worker's later files: they get Pixi's own step back.
  afterAll(() => void (proto.getExtensions = pixiOwn));

  it('makes it the step every Pixi context system runs', () => {
    limitPixiGlExtensions();
    limitPixiGlExtensions();
    expect(proto.getExtensions).toBe(appGetExtensions);
  });
});
