// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RenderTexture, Sprite, TextureSource, type Renderer } from 'pixi.js';
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
      log.push(
        `task ${task}: render ${what(container)} into ${target instanceof RenderTexture ? `${target.width}x${target.height}` : 'the canvas'}`,
      ),
    gl,
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
  // An upload that takes tasks of its own (the default uploads whole, in the task the warm-up gives it).
  const upload = async (_renderer: Renderer, source: { label: string }, yieldTask: () => Promise<void>) => {
    log.push(`task ${task}: allocate ${source.label}`);
    for (const strip of [1, 2]) {
      await yieldTask();
      log.push(`task ${task}: strip ${strip} of ${source.label}`);
    }
  };
  return { renderer, log, nextTask, whenGpuIdle, upload };
}

const source = (label: string) => new TextureSource({ label, width: 4, height: 4 });

describe('createGpuWarmUp', () => {
  it('writes the batch shader, readies the target, draws with both, then uploads each sheet a strip a task and draws it, flushing after each draw, then waits for the GPU', async () => {
    const { renderer, log, nextTask, whenGpuIdle, upload } = recordingRenderer();
    const warm = createGpuWarmUp(renderer, nextTask, whenGpuIdle, upload);
    await warm([source('home-1'), source('home-2')]);
    expect(log).toEqual([
      'task 1: batch shader',
      'task 2: render Container into 1x1',
      'task 2: flush',
      'task 3: render Sprite of WHITE into 1x1',
      'task 3: flush',
      'task 4: render Graphics into 1x1',
      'task 4: flush',
      'task 5: allocate home-1',
      'task 6: strip 1 of home-1',
      'task 7: strip 2 of home-1',
      'task 7: render Sprite of home-1 into 1x1',
      'task 7: flush',
      'task 8: allocate home-2',
      'task 9: strip 1 of home-2',
      'task 10: strip 2 of home-2',
      'task 10: render Sprite of home-2 into 1x1',
      'task 10: flush',
      'task 10: wait for the GPU',
    ]);
  });

  it('readies the programs once and uploads a sheet once, skipping destroyed ones; with nothing new it does not wait', async () => {
    const { renderer, log, nextTask, whenGpuIdle, upload } = recordingRenderer();
    const warm = createGpuWarmUp(renderer, nextTask, whenGpuIdle, upload);
    const shared = source('shared');
    await warm([shared]);
    log.length = 0;
    const gone = source('gone');
    gone.destroy();
    await warm([shared, gone, source('eidol')]);
    expect(log).toEqual([
      'task 8: allocate eidol',
      'task 9: strip 1 of eidol',
      'task 10: strip 2 of eidol',
      'task 10: render Sprite of eidol into 1x1',
      'task 10: flush',
      'task 10: wait for the GPU',
    ]);
    log.length = 0;
    await warm([shared]);
    expect(log).toEqual([]);
  });
});
