import { describe, expect, it } from 'vitest';
import { gpuIdle } from '../../../../src/client/engine/gpuIdle';

const TIMEOUT_EXPIRED = 0x911b;
const CONDITION_SATISFIED = 0x911c;

/** A WebGL 2 context whose fence signals after `busyPolls` polls (never, with Infinity). */
function fencedGl(busyPolls: number) {
  const log: string[] = [];
  let polls = 0;
  const gl = {
    SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
    TIMEOUT_EXPIRED,
    fenceSync: () => (log.push('fence'), { fence: true }),
    flush: () => log.push('flush'),
    clientWaitSync: (_sync: unknown, _flags: number, timeout: number) => {
      log.push(`poll (timeout ${timeout})`);
      return polls++ < busyPolls ? TIMEOUT_EXPIRED : CONDITION_SATISFIED;
    },
    isContextLost: () => false,
    deleteSync: () => log.push('delete'),
  };
  return { gl: gl as unknown as WebGL2RenderingContext, log };
}

describe('gpuIdle', () => {
  it('fences, flushes, polls without blocking between waits until the fence signals, then deletes it', async () => {
    const { gl, log } = fencedGl(2);
    const waits: number[] = [];
    await gpuIdle(gl, async (ms) => void waits.push(ms));
    expect(log).toEqual(['fence', 'flush', 'poll (timeout 0)', 'poll (timeout 0)', 'poll (timeout 0)', 'delete']);
    expect(waits).toEqual([4, 4]);
  });

  it('gives up after a second when the fence never signals', async () => {
    const { gl, log } = fencedGl(Infinity);
    let t = 0;
    await gpuIdle(
      gl,
      async (ms) => void (t += ms),
      () => t,
    );
    expect(t).toBe(1000);
    expect(log.at(-1)).toBe('delete');
  });

  it('resolves at once without WebGL 2', async () => {
    await expect(gpuIdle(undefined)).resolves.toBeUndefined();
    await expect(gpuIdle({ flush() {} } as unknown as WebGLRenderingContext)).resolves.toBeUndefined();
  });
});
