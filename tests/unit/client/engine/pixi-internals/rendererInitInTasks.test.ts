// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initEachInATask } from '../../../../../src/client/engine/pixi-internals/rendererInitInTasks';

/** A system whose init is on its prototype, as Pixi's are, recording the task it ran in. */
class System {
  constructor(
    readonly name: string,
    private readonly log: string[],
    private readonly task: () => number,
    private readonly waits = false,
  ) {}

  async init(options: { width: number }): Promise<void> {
    this.log.push(`task ${this.task()}: ${this.name} init (width ${options.width})`);
    // One that waits (a loader, say) is still awaited before the next starts.
    if (this.waits) await Promise.resolve();
  }
}

describe('initEachInATask', () => {
  it("ends the renderer's construction and each system's init in a task of its own, in order, awaiting each", async () => {
    const log: string[] = [];
    let task = 0;
    const yieldTask = async () => {
      task++;
    };
    const self = { init: () => undefined };
    const systems = [self, new System('context', log, () => task), new System('view', log, () => task, true), new System('ticker', log, () => task)];
    // The renderer's own loop (AbstractRenderer.init): each system's init awaited in turn.
    const run = async () => {
      for (const system of systems) await (system.init as (o: unknown) => unknown)({ width: 390 });
    };
    // The first system's init is what the renderer calls first.
    systems[0]!.init = () => initEachInATask(systems, self, yieldTask) as unknown as undefined;
    await run();
    expect(log).toEqual(['task 1: context init (width 390)', 'task 2: view init (width 390)', 'task 3: ticker init (width 390)']);
    expect(task).toBe(4);
    // Each system's own init is back once it has run.
    for (const system of systems.slice(1)) expect(Object.hasOwn(system, 'init')).toBe(false);
  });

  it('leaves alone a system with no init or an init of its own', async () => {
    const own = { init: () => 'own' };
    const none = {};
    await initEachInATask([own, none], {}, async () => {});
    expect(own.init()).toBe('own');
    expect(none).toEqual({});
  });
});

describe('registerRendererInitInTasks', () => {
  it("puts the system first among a WebGL renderer's systems, once", async () => {
    const { WebGLRenderer } = await import('pixi.js');
    const { registerRendererInitInTasks } = await import('../../../../../src/client/engine/pixi-internals/rendererInitInTasks');
    registerRendererInitInTasks();
    registerRendererInitInTasks();
    const names = (new WebGLRenderer() as unknown as { config: { systems: { name: string }[] } }).config.systems.map((s) => s.name);
    expect(names[0]).toBe('initInTasks');
    expect(names.filter((n) => n === 'initInTasks')).toHaveLength(1);
    expect(names).toContain('context');
  });
});
