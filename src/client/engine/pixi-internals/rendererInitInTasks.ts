/**
 * Starts the stage's renderer a system a task. Pixi's renderer starts by calling every system's `init` in
 * turn, awaiting each, all in one task unless one of them waits: on home that task (the context's systems
 * learning of the context, the canvas's texture, the back buffer's program, the ticker) was ~20–30 ms
 * observed, ~100 ms on a phone's CPU, one of its largest (issue #8). A system placed first in the list makes
 * each later system's `init` end in a new task, so a tap or a frame can go in between.
 */
import { ExtensionType, extensions, type Renderer } from 'pixi.js';
import { nextTask } from '../nextTask';
import { pixiPatchEnabled } from './fence';

/** A system as the renderer's `init` runner holds it. */
interface Initialisable {
  init?(options: unknown): unknown;
}

/**
 * Makes each of `systems` but `self` end its `init` in a new task (`yieldTask`), then puts their own `init`
 * back once it has run. Resolves in a new task itself, so the renderer's construction ends its task too.
 */
export function initEachInATask(systems: Initialisable[], self: Initialisable, yieldTask: () => Promise<void> = nextTask): Promise<void> {
  for (const system of systems) {
    const init = system.init;
    if (system === self || typeof init !== 'function' || Object.hasOwn(system, 'init')) continue;
    system.init = async (options: unknown) => {
      delete system.init;
      await init.call(system, options);
      await yieldTask();
    };
  }
  return yieldTask();
}

/** The system: first of the renderer's systems, it spreads the others' start over tasks. */
class InitInTasksSystem {
  /** Placed before Pixi's own systems (theirs go up to priority 1). */
  static extension = { type: [ExtensionType.WebGLSystem], name: 'initInTasks', priority: 100 } as const;

  constructor(private readonly renderer: Renderer) {}

  /** Called first by the renderer's init. */
  init(): Promise<void> {
    const runner = (this.renderer as unknown as { runners?: { init?: { items?: Initialisable[] } } }).runners?.init;
    return initEachInATask(runner?.items ?? [], this);
  }
}

let registered = false;

/** Registers the system; call before the stage's renderer is made (PixiStage.tsx). */
export function registerRendererInitInTasks(): void {
  if (registered || !pixiPatchEnabled('initInTasks')) return;
  registered = true;
  extensions.add(InitInTasksSystem);
}
