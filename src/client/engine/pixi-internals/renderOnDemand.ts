/**
 * Draws the stage only when its picture changed. Pixi's application renders on every tick; on a phone that
 * is the whole main thread and battery spent redrawing a still screen (issue #8: "an idle screen costs ~0
 * main-thread time"). Scenes keep their per-frame `update`, and afterwards the frame is drawn only if Pixi's
 * own lists of pending changes say something moved, appeared, disappeared or was redrawn; a hidden tab runs
 * no ticks at all.
 */
import { UPDATE_PRIORITY, type Application, type Container } from 'pixi.js';
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

/** Whether a container shows anything: a visible view (sprite, graphics, text…) in a visible branch. */
export function hasVisibleView(node: Container): boolean {
  if (!node.visible || !node.renderable) return false;
  if ((node as { renderPipeId?: string }).renderPipeId) return true;
  return node.children.some(hasVisibleView);
}

/** Ties an application's rendering to changes; returns `invalidate` (draw the next frame anyway) and `release`. */
export function renderOnDemand(
  app: Application,
  update: (deltaMs: number) => void,
): { invalidate(): void; renderNow(): void; release(): void } {
  // Off (another pixi.js): Pixi's application keeps drawing every tick, the scenes updated just before it.
  if (!pixiPatchEnabled('renderOnDemand')) return renderEveryTick(app, update);
  let forced = true;
  // The canvas starts transparent. Drawing an empty stage over it changes nothing on screen but still costs a
  // frame, read back whole where the browser composites in software (the stage's start, before any scene).
  let blank = true;
  // Pixi's TickerPlugin added `app.render` to the ticker; from here on this tick decides when to draw.
  app.ticker.remove(app.render, app);
  const tick = (ticker: { deltaMS: number }) => {
    update(ticker.deltaMS);
    // The stage's render group appears at its first render.
    const group = app.stage.renderGroup as unknown as PendingChanges | null;
    if (!forced && group && !hasPendingChanges(group)) return;
    draw();
  };
  const draw = () => {
    forced = false;
    const empty = !hasVisibleView(app.stage);
    if (empty && blank) return;
    app.render();
    blank = empty;
  };
  app.ticker.add(tick);
  const onVisibility = () => {
    if (document.hidden) app.ticker.stop();
    else {
      forced = true;
      app.ticker.start();
    }
  };
  // A restored WebGL context starts blank: draw it again even if nothing changed.
  const onRestored = () => {
    forced = true;
    blank = true;
  };
  document.addEventListener('visibilitychange', onVisibility);
  app.canvas.addEventListener('webglcontextrestored', onRestored);
  onVisibility();
  return {
    invalidate: () => (forced = true),
    renderNow: draw,
    release: () => {
      document.removeEventListener('visibilitychange', onVisibility);
      app.canvas.removeEventListener('webglcontextrestored', onRestored);
      app.ticker.remove(tick);
      app.ticker.add(app.render, app, UPDATE_PRIORITY.LOW);
    },
  };
}

/** Pixi's own way, for a pixi.js this folder was not written for: every tick updates the scenes and draws. */
function renderEveryTick(app: Application, update: (deltaMs: number) => void): { invalidate(): void; renderNow(): void; release(): void } {
  const tick = (ticker: { deltaMS: number }) => update(ticker.deltaMS);
  // Before Pixi's own render (UPDATE_PRIORITY.LOW), so each frame shows that tick's update.
  app.ticker.add(tick, undefined, UPDATE_PRIORITY.NORMAL);
  return {
    invalidate: () => undefined,
    renderNow: () => app.render(),
    release: () => app.ticker.remove(tick),
  };
}
