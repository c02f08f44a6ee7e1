/**
 * Draws the stage only when its picture changed. Pixi's application renders on every tick; on a phone that
 * is the whole main thread and battery spent redrawing a still screen (issue #8: "an idle screen costs ~0
 * main-thread time"). Scenes keep their per-frame `update`, and afterwards the frame is drawn only if Pixi's
 * own lists of pending changes say something moved, appeared, disappeared or was redrawn; a hidden tab runs
 * no ticks at all. A stage with nothing to draw and no scene animating goes to sleep: its ticker and Pixi's
 * system ticker stop (issue #33: an idle screen asks for no animation frame at all), and the first change
 * Pixi's render groups record (or `wake`: an input, a scene's own timer) starts them again.
 */
import { RenderGroup, Ticker, UPDATE_PRIORITY, type Application, type Container } from 'pixi.js';
import { pixiPatchEnabled } from './fence';

/** The parts of Pixi's render group (pixi.js 8, `RenderGroup`) that record changes made since the last render. */
export interface PendingChanges {
  /** A child was added or removed (the instruction set is rebuilt). */
  structureDidChange: boolean;
  /** Containers whose transform, alpha or visibility changed, per depth. */
  childrenToUpdate: Record<number, { index: number }>;
  /** Views (sprites, graphics, text) whose content changed. */
  childrenRenderablesToUpdate: { index: number };
  /** Nested render groups. */
  renderGroupChildren: readonly PendingChanges[];
  /** Containers with an `onRender` callback: they expect a call every frame. */
  _onRenderContainers?: readonly unknown[];
}

/** Whether a render group (or one nested in it) holds a change the last render did not draw. */
export function hasPendingChanges(group: PendingChanges): boolean {
  if (group.structureDidChange || group.childrenRenderablesToUpdate.index > 0) return true;
  if ((group._onRenderContainers?.length ?? 0) > 0) return true;
  for (const depth in group.childrenToUpdate) if (group.childrenToUpdate[depth]!.index > 0) return true;
  return group.renderGroupChildren.some(hasPendingChanges);
}

/** A render group's link to the group it is nested in (pixi.js 8, `RenderGroup.renderGroupParent`). */
interface NestedGroup {
  renderGroupParent: NestedGroup | null;
}

/** The render group methods through which every recorded change passes (pixi.js 8.22 `RenderGroup`). */
export const CHANGE_METHODS = ['onChildUpdate', 'onChildViewUpdate', 'removeChild', 'addOnRender'] as const;

/** The wake of each sleeping-capable stage, by its top render group. */
const wakers = new WeakMap<object, () => void>();
let hooked = false;

/**
 * Makes every render group report its changes: a transform, alpha or visibility change, a redrawn view, a
 * child added or removed, a per-frame callback. Pixi only records them for the next render; a sleeping stage
 * needs to hear of them. The report walks up to the top group and wakes its stage, if it has one.
 */
function hookRenderGroups(): void {
  if (hooked) return;
  hooked = true;
  const proto = RenderGroup.prototype as unknown as Record<string, (this: NestedGroup, ...args: unknown[]) => unknown>;
  for (const name of CHANGE_METHODS) {
    const original = proto[name]!;
    proto[name] = function (this: NestedGroup, ...args: unknown[]) {
      const result = original.apply(this, args);
      wakers.get(topOf(this))?.();
      return result;
    };
  }
}

/** The outermost render group `group` is nested in (itself when it is not nested). */
function topOf(group: NestedGroup): NestedGroup {
  while (group.renderGroupParent) group = group.renderGroupParent;
  return group;
}

/** Ticks in a row with nothing to draw and nothing animating before the stage sleeps. */
export const QUIET_TICKS = 2;

/** What renderOnDemand gives the stage. */
export interface FrameControl {
  /** Draw the next frame even if nothing changed (and wake for it). */
  invalidate(): void;
  /** Draws now. */
  renderNow(): void;
  /** Starts the ticks again if the stage sleeps. */
  wake(): void;
  /** Gives the application back to Pixi's own loop. */
  release(): void;
}

/** What the stage tells renderOnDemand. */
export interface FrameOptions {
  /** Whether a scene needs frames though nothing it draws changed this one (a walk, a smoke loop): no sleep then. */
  animating?(): boolean;
  /** Pixi's system ticker (its renderers' scheduled clean-ups): stopped with the stage (tests pass their own). */
  systemTicker?: Pick<Ticker, 'start' | 'stop'>;
}

/** Whether a container shows anything: a visible view (sprite, graphics, text…) in a visible branch. */
export function hasVisibleView(node: Container): boolean {
  if (!node.visible || !node.renderable) return false;
  if ((node as { renderPipeId?: string }).renderPipeId) return true;
  return node.children.some(hasVisibleView);
}

/** Ties an application's rendering to changes and its ticks to activity; see FrameControl. */
export function renderOnDemand(app: Application, update: (deltaMs: number) => void, options: FrameOptions = {}): FrameControl {
  // Off (another pixi.js): Pixi's application keeps drawing every tick, the scenes updated just before it.
  if (!pixiPatchEnabled('renderOnDemand')) return renderEveryTick(app, update);
  const animating = options.animating ?? (() => false);
  const system = options.systemTicker ?? Ticker.system;
  let forced = true;
  // The canvas starts transparent. Drawing an empty stage over it changes nothing on screen but still costs a
  // frame, read back whole where the browser composites in software (the stage's start, before any scene).
  let blank = true;
  let quiet = 0;
  let sleeping = false;
  // Pixi's TickerPlugin added `app.render` to the ticker; from here on this tick decides when to draw.
  app.ticker.remove(app.render, app);
  // The stage's render group exists from now (Pixi would make it at the first render): changes are heard at once.
  app.stage.enableRenderGroup();
  const tick = (ticker: { deltaMS: number }) => {
    update(ticker.deltaMS);
    const group = app.stage.renderGroup as unknown as PendingChanges | null;
    const drew = (forced || !group || hasPendingChanges(group)) && draw();
    if (drew || animating()) quiet = 0;
    else if (++quiet >= QUIET_TICKS) sleep();
  };
  const draw = (): boolean => {
    forced = false;
    const empty = !hasVisibleView(app.stage);
    if (empty && blank) return false;
    app.render();
    blank = empty;
    return true;
  };
  // Both tickers stop: the system ticker runs Pixi's clean-ups, which only matter while frames are drawn.
  // A destroyed application has no ticker left (Pixi destroys it before the stage, whose emptying wakes us).
  const sleep = () => {
    sleeping = true;
    app.ticker?.stop();
    system.stop();
  };
  const wake = () => {
    if (!sleeping || document.hidden || !app.ticker) return;
    sleeping = false;
    quiet = 0;
    app.ticker.start();
    system.start();
  };
  hookRenderGroups();
  const top = app.stage.renderGroup as object;
  wakers.set(top, wake);
  app.ticker.add(tick);
  const onVisibility = () => {
    if (document.hidden) sleep();
    else {
      forced = true;
      wake();
    }
  };
  // A restored WebGL context starts blank: draw it again even if nothing changed.
  const onRestored = () => {
    forced = true;
    blank = true;
    wake();
  };
  document.addEventListener('visibilitychange', onVisibility);
  app.canvas.addEventListener('webglcontextrestored', onRestored);
  onVisibility();
  return {
    invalidate: () => {
      forced = true;
      wake();
    },
    renderNow: () => void draw(),
    wake,
    release: () => {
      wakers.delete(top);
      wake();
      document.removeEventListener('visibilitychange', onVisibility);
      app.canvas.removeEventListener('webglcontextrestored', onRestored);
      app.ticker.remove(tick);
      app.ticker.add(app.render, app, UPDATE_PRIORITY.LOW);
    },
  };
}

/** Pixi's own way, for a pixi.js this folder was not written for: every tick updates the scenes and draws. */
function renderEveryTick(app: Application, update: (deltaMs: number) => void): FrameControl {
  const tick = (ticker: { deltaMS: number }) => update(ticker.deltaMS);
  // Before Pixi's own render (UPDATE_PRIORITY.LOW), so each frame shows that tick's update.
  app.ticker.add(tick, undefined, UPDATE_PRIORITY.NORMAL);
  return {
    invalidate: () => undefined,
    renderNow: () => app.render(),
    wake: () => undefined,
    release: () => app.ticker.remove(tick),
  };
}
