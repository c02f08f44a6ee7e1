// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RenderTexture, TextureSource, type Renderer } from 'pixi.js';
import { createGpuWarmUp } from '../../../../src/client/engine/gpuWarmUp';

/** The parts of a WebGL renderer the warm-up calls, recording each call with the task it came in. */
function recordingRenderer() {
  const log: string[] = [];
  let task = 0;
  const renderer = {
    render: ({ container, target }: { container: { constructor: { name: string } }; target: unknown }) =>
      log.push(`task ${task}: render ${container.constructor.name} into ${target instanceof RenderTexture ? `${(target as RenderTexture).width}x${(target as RenderTexture).height}` : 'the canvas'}`),
    texture: { initSource: (s: TextureSource) => log.push(`task ${task}: upload ${s.label}`) },
    gl: { flush: () => log.push(`task ${task}: flush`) },
  } as unknown as Renderer;
  const nextTask = async () => {
    task++;
  };
  return { renderer, log, nextTask };
}

const source = (label: string) => new TextureSource({ label, width: 4, height: 4 });

describe('createGpuWarmUp', () => {
  it('links the batch programs off-screen, then uploads each sheet in a task of its own, flushing after each', async () => {
    const { renderer, log, nextTask } = recordingRenderer();
    const warm = createGpuWarmUp(renderer, nextTask);
    await warm([source('home-1'), source('home-2')]);
    expect(log).toEqual([
      'task 1: render Sprite into 1x1',
      'task 1: flush',
      'task 2: render Graphics into 1x1',
      'task 2: flush',
      'task 3: upload home-1',
      'task 3: flush',
      'task 4: upload home-2',
      'task 4: flush',
    ]);
  });

  it('links once and uploads a sheet once, skipping destroyed ones', async () => {
    const { renderer, log, nextTask } = recordingRenderer();
    const warm = createGpuWarmUp(renderer, nextTask);
    const shared = source('shared');
    await warm([shared]);
    log.length = 0;
    const gone = source('gone');
    gone.destroy();
    await warm([shared, gone, source('eidol')]);
    expect(log).toEqual(['task 4: upload eidol', 'task 4: flush']);
  });
});
