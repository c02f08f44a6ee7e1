// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RenderTexture, Sprite, TextureSource, type GlProgram, type Renderer } from 'pixi.js';
import { createGpuWarmUp } from '../../../../src/client/engine/gpuWarmUp';

/** The parts of a WebGL renderer the warm-up calls, recording each call with the task it came in. */
function recordingRenderer() {
  const log: string[] = [];
  let task = 0;
  const gl = { flush: () => log.push(`task ${task}: flush`) };
  const what = (view: { constructor: { name: string } }) =>
    view instanceof Sprite && view.texture.source.label ? `Sprite of ${view.texture.source.label}` : view.constructor.name;
  const renderer = {
    render: ({ container, target }: { container: { constructor: { name: string } }; target: unknown }) =>
      log.push(`task ${task}: render ${what(container)} into ${target instanceof RenderTexture ? `${target.width}x${target.height}` : 'the canvas'}`),
    gl,
    // The program Pixi draws unbatched graphics with (programPrelink.ts finds it here).
    renderPipes: { graphics: { _adaptor: { shader: { glProgram: { fragment: '#define SHADER_NAME graphics' } } } } },
    // Read once, by the step that writes the batch shader for the device's texture count.
    get limits() {
      log.push(`task ${task}: batch shader`);
      return { maxBatchableTextures: 16 };
    },
  } as unknown as Renderer;
  const nextTask = async () => {
    task++;
  };
  const whenGpuIdle = async (context: unknown) => {
    log.push(`task ${task}: wait for the GPU${context === gl ? '' : ' (another context?)'}`);
  };
  // A sheet's upload in two strips, a task each (stripUploads.ts).
  const upload = async (_renderer: Renderer, source: { label: string }, yieldTask: () => Promise<void>) => {
    log.push(`task ${task}: allocate ${source.label}`);
    for (const strip of [1, 2]) {
      await yieldTask();
      log.push(`task ${task}: strip ${strip} of ${source.label}`);
    }
  };
  // The programs linked while the page goes on (programPrelink.ts), by the name Pixi writes into their source.
  const prelink = async (_renderer: Renderer, programs: GlProgram[], wait: unknown) => {
    const names = programs.map((p) => /SHADER_NAME (\S+)/.exec(p.fragment ?? '')?.[1]);
    log.push(`task ${task}: link ${names.join(' and ')} ${wait === whenGpuIdle ? 'waiting for the GPU' : 'with another wait?'}`);
  };
  return { renderer, log, nextTask, whenGpuIdle, upload, prelink };
}

const source = (label: string) => new TextureSource({ label, width: 4, height: 4 });

describe('createGpuWarmUp', () => {
  it('writes the batch shader, links it and the graphics program, readies the target, draws with both, then uploads each sheet a strip a task and draws it, flushing after each draw, then waits for the GPU', async () => {
    const { renderer, log, nextTask, whenGpuIdle, upload, prelink } = recordingRenderer();
    const warm = createGpuWarmUp(renderer, nextTask, whenGpuIdle, upload, prelink);
    await warm([source('home-1'), source('home-2')]);
    expect(log).toEqual([
      'task 1: batch shader',
      'task 2: link batch-fragment and graphics waiting for the GPU',
      'task 3: render Container into 1x1',
      'task 3: flush',
      'task 4: render Sprite of WHITE into 1x1',
      'task 4: flush',
      'task 5: render Graphics into 1x1',
      'task 5: flush',
      'task 6: allocate home-1',
      'task 7: strip 1 of home-1',
      'task 8: strip 2 of home-1',
      'task 8: render Sprite of home-1 into 1x1',
      'task 8: flush',
      'task 9: allocate home-2',
      'task 10: strip 1 of home-2',
      'task 11: strip 2 of home-2',
      'task 11: render Sprite of home-2 into 1x1',
      'task 11: flush',
      'task 11: wait for the GPU',
    ]);
  });

  it('links once and uploads a sheet once, skipping destroyed ones; with nothing new it does not wait', async () => {
    const { renderer, log, nextTask, whenGpuIdle, upload, prelink } = recordingRenderer();
    const warm = createGpuWarmUp(renderer, nextTask, whenGpuIdle, upload, prelink);
    const shared = source('shared');
    await warm([shared]);
    log.length = 0;
    const gone = source('gone');
    gone.destroy();
    await warm([shared, gone, source('eidol')]);
    expect(log).toEqual(['task 9: allocate eidol', 'task 10: strip 1 of eidol', 'task 11: strip 2 of eidol', 'task 11: render Sprite of eidol into 1x1', 'task 11: flush', 'task 11: wait for the GPU']);
    log.length = 0;
    await warm([shared]);
    expect(log).toEqual([]);
  });
});
