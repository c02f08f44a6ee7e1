/**
 * Links Pixi's programs without making the page wait for them. Pixi links a program the first time it
 * draws with it and at once asks it for its attributes (binding them in order and linking again, for its
 * GLSL ES 1.00 shaders) and its uniforms, and each question after a link waits for the GPU process to
 * finish it: the sprite batch program was one ~37 ms task observed on home, ~150 ms on a phone's CPU, the
 * largest piece of its blocking time (issue #8). Here the links are sent, the page goes on while the GPU
 * process works, and Pixi is handed each program as its own `generateProgram` would have made it, so its
 * first draws ask nothing that waits.
 */
import { pollUntil } from '../gpuIdle';
import { pixiPatchEnabled } from './fence';
import {
  GlProgramData,
  defaultValue,
  extractAttributesFromGlProgram,
  getUboData,
  getUniformData,
  type GlProgram,
  type Renderer,
} from 'pixi.js';

/** Where Pixi's shader system keeps the programs it has linked, by the program's key (pixi.js 8.22, GlShaderSystem). */
type ProgramTable = Record<string, GlProgramData>;

/** KHR_parallel_shader_compile's query: whether a link has completed, answered without waiting. */
const COMPLETION_STATUS_KHR = 0x91b1;

/** Pixi's own test of a GLSL ES 3.00 vertex shader (generateProgram): the attributes of older ones are bound in order and linked again. */
const GLSL_300 = /^[ \t]*#[ \t]*version[ \t]+300[ \t]+es[ \t]*$/m;

/** The shader system's table of linked programs, when the renderer is Pixi's WebGL one as this version lays it out. */
function programTable(renderer: Renderer): ProgramTable | undefined {
  const table = (renderer as { shader?: { _programDataHash?: unknown } }).shader?._programDataHash;
  return table && typeof table === 'object' ? (table as ProgramTable) : undefined;
}

/** The program Pixi draws a graphics context with when it does not batch it (GlGraphicsAdaptor), if this version has one. */
export function graphicsProgram(renderer: Renderer): GlProgram | undefined {
  const pipe = (renderer.renderPipes as unknown as { graphics?: { _adaptor?: { shader?: { glProgram?: GlProgram } } } } | undefined)?.graphics;
  return pipe?._adaptor?.shader?.glProgram ?? undefined;
}

/**
 * Links `programs` for `renderer` and resolves once Pixi holds them linked, waiting between the steps with
 * `whenGpuIdle` (and, where the driver links in parallel, until each link says it has completed: `pollUntil`, at
 * most a second, after which Pixi is handed the program anyway and its questions wait). A program Pixi already holds, one with transform feedback, a renderer that is not
 * WebGL are left to Pixi, and so is a failed link, which Pixi then reports as it always has.
 */
export async function prelinkPrograms(
  renderer: Renderer,
  programs: GlProgram[],
  whenGpuIdle: (gl: WebGL2RenderingContext) => Promise<void>,
  wait?: (ms: number) => Promise<void>,
  now?: () => number,
): Promise<void> {
  if (!pixiPatchEnabled('prelink')) return;
  const gl = 'gl' in renderer ? renderer.gl : undefined;
  const table = programTable(renderer);
  if (!gl || !table) return;
  // With KHR_parallel_shader_compile (most phones' Chrome) the GPU process hands a link to a thread of its own,
  // so a fence says only that the link was sent; whether it has completed is a question that never waits.
  const parallel = gl.getExtension('KHR_parallel_shader_compile') !== null;
  const pending = programs
    .filter((p, i) => programs.indexOf(p) === i && !table[p._key] && p.vertex && p.fragment && !p.transformFeedbackVaryings)
    .map((program) => {
      const shaders = ([
        [gl.VERTEX_SHADER, program.vertex!],
        [gl.FRAGMENT_SHADER, program.fragment!],
      ] as const).map(([type, source]) => {
        const shader = gl.createShader(type)!;
        gl.shaderSource(shader, source);
        gl.compileShader(shader);
        return shader;
      });
      const linked = gl.createProgram();
      for (const shader of shaders) gl.attachShader(linked, shader);
      gl.linkProgram(linked);
      return { program, shaders, linked, relinks: !GLSL_300.test(program.vertex!) };
    });
  if (!pending.length) return;
  type Pending = (typeof pending)[number];
  const drop = ({ shaders, linked }: Pending) => {
    for (const shader of shaders) gl.deleteShader(shader);
    gl.deleteProgram(linked);
  };
  // Meanwhile Pixi may have drawn with one (and linked its own), or the context may have been lost or replaced.
  const stale = (p: Pending) => gl.isContextLost() || programTable(renderer) !== table || table[p.program._key] !== undefined;
  const keep = (p: Pending) => (stale(p) ? (drop(p), false) : true);

  const linksDone = async (list: Pending[]) => {
    await whenGpuIdle(gl);
    const completed = () => gl.isContextLost() || list.every((p) => gl.getProgramParameter(p.linked, COMPLETION_STATUS_KHR));
    if (parallel) await pollUntil(completed, wait, now);
  };

  await linksDone(pending);
  const linked = pending.filter(keep).filter((p) => gl.getProgramParameter(p.linked, gl.LINK_STATUS) || (drop(p), false));
  // What generateProgram records, in its order; reading the attributes may bind them and link again.
  for (const { program, linked: glProgram, relinks } of linked) program._attributeData = extractAttributesFromGlProgram(glProgram, gl, relinks);
  if (linked.some((p) => p.relinks)) await linksDone(linked);
  for (const p of linked.filter(keep)) {
    const { program, linked: glProgram, shaders } = p;
    program._uniformData = getUniformData(glProgram, gl);
    program._uniformBlockData = getUboData(glProgram, gl);
    for (const shader of shaders) gl.deleteShader(shader);
    const uniforms: GlProgramData['uniformData'] = {};
    for (const [name, data] of Object.entries(program._uniformData)) {
      uniforms[name] = { location: gl.getUniformLocation(glProgram, name)!, value: defaultValue(data.type, data.size) };
    }
    table[program._key] = new GlProgramData(glProgram, uniforms);
  }
}
