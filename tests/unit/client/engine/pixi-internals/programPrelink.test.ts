// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { generateProgram, type GlProgram, type GlProgramData, type Renderer } from 'pixi.js';
import { graphicsProgram, prelinkPrograms } from '../../../../../src/client/engine/pixi-internals/programPrelink';

const GLSL_100 = 'attribute vec2 aPosition; void main() {}';
const GLSL_300 = '#version 300 es\nin vec2 aPosition; void main() {}';

/** A program as Pixi describes it: its key and sources. */
const program = (key: string, vertex = GLSL_100) => ({ _key: key, vertex, fragment: 'void main() {}' }) as unknown as GlProgram;

const FLOAT_VEC2 = 0x8b50;
const FLOAT_VEC4 = 0x8b52;
const SAMPLER_2D = 0x8b5e;
/** What every linked program of the recording context holds: two attributes, a vector and an array of samplers. */
const ATTRIBUTES = [
  { name: 'aUV', type: FLOAT_VEC2, size: 1 },
  { name: 'aPosition', type: FLOAT_VEC2, size: 1 },
];
const UNIFORMS = [
  { name: 'uColor', type: FLOAT_VEC4, size: 1 },
  { name: 'uTextures[0]', type: SAMPLER_2D, size: 4 },
];

/**
 * A WebGL context that records what is asked of it, by program; with `empty`, its programs have no attributes
 * or uniforms; with `linksIn`, it links in parallel (KHR_parallel_shader_compile) and a link completes at the
 * `linksIn`-th question about its completion.
 */
function recordingGl({ linkFails = false, empty = true, linksIn = 0 } = {}) {
  const log: string[] = [];
  let ids = 0;
  const completionAsked = new Map<string, number>();
  const attributes = empty ? [] : ATTRIBUTES;
  const uniforms = empty ? [] : UNIFORMS;
  const gl = {
    VERTEX_SHADER: 0x8b31,
    FRAGMENT_SHADER: 0x8b30,
    LINK_STATUS: 0x8b82,
    ACTIVE_ATTRIBUTES: 0x8b89,
    ACTIVE_UNIFORMS: 0x8b86,
    ACTIVE_UNIFORM_BLOCKS: 0x8a36,
    FLOAT: 0x1406,
    FLOAT_VEC2,
    FLOAT_VEC4,
    SAMPLER_2D,
    lost: false,
    createShader: () => ({ name: `shader ${++ids}` }),
    shaderSource: () => {},
    compileShader: () => {},
    attachShader: () => {},
    createProgram: () => ({ name: `program ${++ids}` }),
    linkProgram: (p: { name: string }) => log.push(`link ${p.name}`),
    getExtension: (name: string) => (name === 'KHR_parallel_shader_compile' && linksIn ? { COMPLETION_STATUS_KHR: 0x91b1 } : null),
    getProgramParameter: (p: { name: string }, what: number) => {
      if (what === gl.ACTIVE_UNIFORM_BLOCKS) return 0;
      if (what === 0x91b1) {
        const asked = (completionAsked.get(p.name) ?? 0) + 1;
        completionAsked.set(p.name, asked);
        log.push(`${p.name} done? ${asked >= linksIn ? 'yes' : 'no'}`);
        return asked >= linksIn;
      }
      log.push(`ask ${p.name} ${what === gl.LINK_STATUS ? 'linked?' : what === gl.ACTIVE_ATTRIBUTES ? 'attributes' : 'uniforms'}`);
      return what === gl.LINK_STATUS ? !linkFails : what === gl.ACTIVE_ATTRIBUTES ? attributes.length : uniforms.length;
    },
    getActiveAttrib: (_p: unknown, i: number) => attributes[i],
    getActiveUniform: (_p: unknown, i: number) => uniforms[i],
    getAttribLocation: (_p: unknown, name: string) => attributes.findIndex((a) => a.name === name),
    getUniformLocation: (_p: unknown, name: string) => ({ uniform: name }),
    bindAttribLocation: () => {},
    deleteShader: (s: { name: string }) => log.push(`delete ${s.name}`),
    deleteProgram: (p: { name: string }) => log.push(`delete ${p.name}`),
    isContextLost: () => gl.lost,
  };
  return { gl, log };
}

function setUp(options?: { linkFails?: boolean; empty?: boolean; linksIn?: number }) {
  const { gl, log } = recordingGl(options);
  const table: Record<string, GlProgramData> = {};
  const renderer = { gl, shader: { _programDataHash: table } } as unknown as Renderer;
  let during: (() => void) | undefined;
  const whenGpuIdle = async () => {
    log.push('wait for the GPU');
    during?.();
    during = undefined;
  };
  return { gl, log, table, renderer, whenGpuIdle, meanwhile: (f: () => void) => (during = f) };
}

describe('prelinkPrograms', () => {
  it('sends every link, asks nothing until the GPU is idle, links a GLSL ES 1.00 program again once its attributes are bound and waits for that too, then hands Pixi each program by its key', async () => {
    const { log, table, renderer, whenGpuIdle } = setUp();
    await prelinkPrograms(renderer, [program('batch'), program('graphics')], whenGpuIdle);
    expect(log).toEqual([
      'link program 3',
      'link program 6',
      'wait for the GPU',
      'ask program 3 linked?',
      'ask program 6 linked?',
      'ask program 3 attributes',
      'link program 3',
      'ask program 6 attributes',
      'link program 6',
      'wait for the GPU',
      'ask program 3 uniforms',
      'delete shader 1',
      'delete shader 2',
      'ask program 6 uniforms',
      'delete shader 4',
      'delete shader 5',
    ]);
    expect(Object.keys(table)).toEqual(['batch', 'graphics']);
    expect((table.batch!.program as unknown as { name: string }).name).toBe('program 3');
  });

  it('where the driver links in parallel, also asks whether each link has completed (a question that never waits) every few ms until it has, before reading it', async () => {
    const { log, table, renderer, whenGpuIdle } = setUp({ linksIn: 2 });
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
      log.push(`wait ${ms} ms`);
    };
    await prelinkPrograms(renderer, [program('batch')], whenGpuIdle, wait);
    expect(log.slice(0, 8)).toEqual([
      'link program 3',
      'wait for the GPU',
      'program 3 done? no',
      'wait 4 ms',
      'program 3 done? yes',
      'ask program 3 linked?',
      'ask program 3 attributes',
      'link program 3',
    ]);
    expect(log.slice(8, 11)).toEqual(['wait for the GPU', 'program 3 done? yes', 'ask program 3 uniforms']);
    expect(Object.keys(table)).toEqual(['batch']);
  });

  it('hands the program over after at most a second when a parallel link never says it has completed', async () => {
    const { table, renderer, whenGpuIdle } = setUp({ linksIn: Number.POSITIVE_INFINITY });
    let clock = 0;
    let polls = 0;
    await prelinkPrograms(renderer, [program('batch')], whenGpuIdle, async (ms) => void ((clock += ms), polls++), () => clock);
    expect(polls).toBe(2 * 250);
    expect(Object.keys(table)).toEqual(['batch']);
  });

  it('waits once for GLSL ES 3.00 programs, whose attributes Pixi reads without linking again', async () => {
    const { log, table, renderer, whenGpuIdle } = setUp();
    await prelinkPrograms(renderer, [program('modern', GLSL_300)], whenGpuIdle);
    expect(log.filter((e) => e.startsWith('link') || e.startsWith('wait'))).toEqual(['link program 3', 'wait for the GPU']);
    expect(Object.keys(table)).toEqual(['modern']);
  });

  it('drops its programs when the context is lost while it waits, asking nothing', async () => {
    const { gl, log, table, renderer, whenGpuIdle, meanwhile } = setUp();
    meanwhile(() => (gl.lost = true));
    await prelinkPrograms(renderer, [program('batch')], whenGpuIdle);
    expect(log).toEqual(['link program 3', 'wait for the GPU', 'delete shader 1', 'delete shader 2', 'delete program 3']);
    expect(table).toEqual({});
  });

  it('keeps what Pixi linked itself meanwhile and still hands over the rest', async () => {
    const { table, renderer, whenGpuIdle, meanwhile, log } = setUp();
    const pixis = { program: 'Pixi’s own' } as unknown as GlProgramData;
    meanwhile(() => (table.batch = pixis));
    await prelinkPrograms(renderer, [program('batch'), program('graphics')], whenGpuIdle);
    expect(table.batch).toBe(pixis);
    expect(Object.keys(table).sort()).toEqual(['batch', 'graphics']);
    expect(log).toContain('delete program 3');
  });

  it('leaves a failed link to Pixi, which reports it when it draws', async () => {
    const { log, table, renderer, whenGpuIdle } = setUp({ linkFails: true });
    await prelinkPrograms(renderer, [program('broken')], whenGpuIdle);
    expect(table).toEqual({});
    expect(log.slice(-3)).toEqual(['delete shader 1', 'delete shader 2', 'delete program 3']);
  });

  it("hands Pixi what its own generateProgram makes of the same program (this pixi.js version's shape)", async () => {
    for (const vertex of [GLSL_100, GLSL_300]) {
      const { gl, table, renderer, whenGpuIdle } = setUp({ empty: false });
      const ours = program('ours', vertex);
      const pixis = program('pixis', vertex);
      await prelinkPrograms(renderer, [ours], whenGpuIdle);
      const made = generateProgram(gl as unknown as WebGL2RenderingContext, pixis);
      expect(Object.keys(ours._attributeData).sort()).toEqual(['aPosition', 'aUV']);
      expect(ours._attributeData).toEqual(pixis._attributeData);
      expect(ours._uniformData).toEqual(pixis._uniformData);
      expect(ours._uniformBlockData).toEqual(pixis._uniformBlockData);
      const handed = table.ours!;
      expect(Object.keys(handed.uniformData)).toEqual(['uColor', 'uTextures']);
      expect({ ...handed, program: null }).toEqual({ ...made, program: null });
    }
  });

  it('sends nothing for a program Pixi holds, a program given twice, or a renderer that is not WebGL', async () => {
    const { log, table, renderer, whenGpuIdle } = setUp();
    table.held = { program: 'held' } as unknown as GlProgramData;
    await prelinkPrograms(renderer, [program('held')], whenGpuIdle);
    expect(log).toEqual([]);
    const twice = program('twice');
    await prelinkPrograms(renderer, [twice, twice], whenGpuIdle);
    expect(log.filter((e) => e.startsWith('link'))).toEqual(['link program 3', 'link program 3']);
    await prelinkPrograms({ shader: {} } as unknown as Renderer, [program('canvas')], whenGpuIdle);
    expect(log.filter((e) => e.startsWith('link'))).toHaveLength(2);
  });
});

describe('graphicsProgram', () => {
  it("is the graphics pipe's own program, and nothing on a renderer laid out otherwise", () => {
    const glProgram = program('graphics');
    expect(graphicsProgram({ renderPipes: { graphics: { _adaptor: { shader: { glProgram } } } } } as unknown as Renderer)).toBe(glProgram);
    expect(graphicsProgram({ renderPipes: {} } as unknown as Renderer)).toBeUndefined();
    expect(graphicsProgram({} as unknown as Renderer)).toBeUndefined();
  });
});
