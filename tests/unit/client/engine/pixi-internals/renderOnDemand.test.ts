// @vitest-environment jsdom
/**
 * The stage draws only after a change: Pixi's render group records every kind of change the scenes make (a
 * child added, a transform, a redrawn view, a nested group), and `hasPendingChanges` sees each of them. With
 * nothing to draw the ticks stop, and each of those changes starts them again. These run where the patch runs
 * (the pixi.js it was written for); on any other, or switched off, the stage leaves drawing to Pixi's own tick.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Application } from 'pixi.js';
import { Container, Graphics, VERSION } from 'pixi.js';
import { PIXI_WRITTEN_FOR } from '../../../../../src/client/engine/pixi-internals/version';
import {
  hasPendingChanges,
  hasVisibleView,
  QUIET_TICKS,
  renderOnDemand,
  type PendingChanges,
} from '../../../../../src/client/engine/pixi-internals/renderOnDemand';

/** The installed pixi.js is the release the patch was written for: it runs here. */
const PINNED = (VERSION as string) === PIXI_WRITTEN_FOR;

/** A stage root as the Application makes it, and its render group as the renderer reads it. */
function stage(): { root: Container; group: PendingChanges } {
  const root = new Container();
  root.enableRenderGroup();
  return { root, group: root.renderGroup as unknown as PendingChanges };
}

/** Marks everything drawn, as the renderer does at the end of a render (RenderGroupSystem): lists emptied, flags down. */
function drawn(group: PendingChanges): void {
  (group as { structureDidChange: boolean }).structureDidChange = false;
  for (const depth in group.childrenToUpdate) group.childrenToUpdate[depth]!.index = 0;
  group.childrenRenderablesToUpdate.index = 0;
  const settle = (node: Container) => {
    const flags = node as unknown as { didChange: boolean; didViewUpdate: boolean };
    flags.didChange = false;
    flags.didViewUpdate = false;
    node.children.forEach(settle);
  };
  settle((group as unknown as { root: Container }).root);
  group.renderGroupChildren.forEach(drawn);
}

describe.runIf(PINNED)('hasPendingChanges', () => {
  it('sees a new child, then nothing once drawn', () => {
    const { root, group } = stage();
    root.addChild(new Container());
    expect(hasPendingChanges(group)).toBe(true);
    drawn(group);
    expect(hasPendingChanges(group)).toBe(false);
  });

  it('sees a moved, faded or hidden container but not a value set to what it was', () => {
    const { root, group } = stage();
    const child = new Container();
    root.addChild(child);
    drawn(group);
    child.position.set(0, 0);
    child.alpha = 1;
    child.visible = true;
    expect(hasPendingChanges(group)).toBe(false);
    for (const change of [() => child.position.set(5, 0), () => (child.alpha = 0.5), () => (child.visible = false)]) {
      change();
      expect(hasPendingChanges(group)).toBe(true);
      drawn(group);
    }
  });

  it('sees a redrawn graphic and a change inside a nested render group', () => {
    const { root, group } = stage();
    const g = new Graphics();
    const nested = new Container();
    nested.enableRenderGroup();
    const inner = new Container();
    nested.addChild(inner);
    root.addChild(g, nested);
    drawn(group);
    expect(hasPendingChanges(group)).toBe(false);
    g.clear().rect(0, 0, 10, 10).fill(0xffffff);
    expect(hasPendingChanges(group)).toBe(true);
    drawn(group);
    inner.x = 3;
    expect(hasPendingChanges(group)).toBe(true);
  });

  it('keeps drawing while a container asks to be called on every render', () => {
    const { root, group } = stage();
    const child = new Container();
    root.addChild(child);
    drawn(group);
    child.onRender = () => {};
    expect(hasPendingChanges(group)).toBe(true);
  });
});

describe.runIf(PINNED)('hasVisibleView', () => {
  it('is false for an empty tree or one whose views are hidden, true once a view shows', () => {
    const root = new Container();
    const branch = new Container();
    root.addChild(branch);
    expect(hasVisibleView(root)).toBe(false);
    const g = new Graphics();
    branch.addChild(g);
    expect(hasVisibleView(root)).toBe(true);
    g.visible = false;
    expect(hasVisibleView(root)).toBe(false);
    g.visible = true;
    branch.renderable = false;
    expect(hasVisibleView(root)).toBe(false);
  });
});

/** An application as renderOnDemand uses it: a ticker to call by hand, a stage, a canvas, renders counted. */
function fakeApp() {
  const { root: stageRoot, group } = stage();
  const ticks: ((t: { deltaMS: number }) => void)[] = [];
  let renders = 0;
  const app = {
    stage: stageRoot,
    canvas: document.createElement('canvas'),
    ticker: { add: (f: (t: { deltaMS: number }) => void) => ticks.push(f), remove: () => {}, start: () => {}, stop: () => {} },
    render: () => {
      renders++;
      drawn(group);
    },
  } as unknown as Application;
  return { app, stage: stageRoot, tick: () => ticks.forEach((f) => f({ deltaMS: 16 })), renders: () => renders };
}

/** A one-pixel white square: a view that shows. */
const square = () => new Graphics().rect(0, 0, 1, 1).fill(0xffffff);

describe.runIf(PINNED)('renderOnDemand', () => {
  it('draws no frame for an empty stage over a blank canvas, draws once a view shows and once more to clear it', () => {
    const { app, stage: root, tick, renders } = fakeApp();
    const frames = renderOnDemand(app, () => {});
    root.addChild(new Container());
    tick();
    tick();
    expect(renders()).toBe(0);
    const g = square();
    root.addChild(g);
    tick();
    tick();
    expect(renders()).toBe(1);
    g.removeFromParent();
    tick();
    expect(renders()).toBe(2);
    frames.invalidate();
    tick();
    expect(renders()).toBe(2);
  });

  it('a frame drawn with renderNow counts: clearing the stage afterwards draws the blank frame', () => {
    const { app, stage: root, tick, renders } = fakeApp();
    const frames = renderOnDemand(app, () => {});
    const g = square();
    root.addChild(g);
    frames.renderNow();
    tick();
    expect(renders()).toBe(1);
    g.removeFromParent();
    tick();
    expect(renders()).toBe(2);
  });
});

/** A ticker that records whether it runs, as Pixi's start and stop leave it. */
function switchTicker() {
  return {
    started: true,
    start() {
      this.started = true;
    },
    stop() {
      this.started = false;
    },
  };
}

describe.runIf(PINNED)('renderOnDemand sleeps while nothing changes', () => {
  function sleepyApp(animating = () => false) {
    const fake = fakeApp();
    const ticker = switchTicker();
    const system = switchTicker();
    Object.assign((fake.app as unknown as { ticker: object }).ticker, { start: () => ticker.start(), stop: () => ticker.stop() });
    const frames = renderOnDemand(fake.app, () => {}, { animating, systemTicker: system });
    return { ...fake, frames, ticker, system };
  }

  it('stops both tickers after QUIET_TICKS ticks that draw nothing, and a change to the picture starts them', () => {
    const { stage: root, tick, renders, ticker, system, frames } = sleepyApp();
    const g = square();
    root.addChild(g);
    tick();
    expect(renders()).toBe(1);
    for (let i = 0; i < QUIET_TICKS; i++) {
      expect(ticker.started).toBe(true);
      tick();
    }
    expect([ticker.started, system.started]).toEqual([false, false]);
    // A store moved something while the stage slept: Pixi's render group records it, and that wakes the stage.
    g.x = 4;
    expect([ticker.started, system.started]).toEqual([true, true]);
    tick();
    expect(renders()).toBe(2);
    for (let i = 0; i < QUIET_TICKS; i++) tick();
    expect(ticker.started).toBe(false);
    // A redrawn view and a removed child wake it as well; so do an invalidation and an explicit wake.
    g.clear().rect(0, 0, 2, 2).fill(0xffffff);
    expect(ticker.started).toBe(true);
    for (let i = 0; i < QUIET_TICKS + 1; i++) tick();
    expect(ticker.started).toBe(false);
    g.removeFromParent();
    expect(ticker.started).toBe(true);
    for (let i = 0; i < QUIET_TICKS + 1; i++) tick();
    frames.invalidate();
    expect(ticker.started).toBe(true);
    for (let i = 0; i < QUIET_TICKS + 1; i++) tick();
    expect(ticker.started).toBe(false);
    frames.wake();
    expect(ticker.started).toBe(true);
  });

  it('a change inside a nested render group wakes the stage', () => {
    const { stage: root, tick, ticker } = sleepyApp();
    const nested = new Container({ isRenderGroup: true });
    const inner = square();
    nested.addChild(inner);
    root.addChild(nested);
    for (let i = 0; i < QUIET_TICKS + 1; i++) tick();
    expect(ticker.started).toBe(false);
    inner.alpha = 0.5;
    expect(ticker.started).toBe(true);
  });

  it('keeps ticking while the scene animates though nothing changed', () => {
    let animating = true;
    const { stage: root, tick, ticker } = sleepyApp(() => animating);
    root.addChild(square());
    for (let i = 0; i < QUIET_TICKS * 3; i++) tick();
    expect(ticker.started).toBe(true);
    animating = false;
    for (let i = 0; i < QUIET_TICKS; i++) tick();
    expect(ticker.started).toBe(false);
  });

  it('a destroyed application (its ticker gone before its stage) is not woken', () => {
    const { app, stage: root, tick } = sleepyApp();
    const g = square();
    root.addChild(g);
    for (let i = 0; i < QUIET_TICKS + 1; i++) tick();
    (app as unknown as { ticker: null }).ticker = null;
    expect(() => g.removeFromParent()).not.toThrow();
  });

  it('a change to a stage it does not drive wakes nothing', () => {
    const { stage: root, tick, ticker } = sleepyApp();
    root.addChild(square());
    for (let i = 0; i < QUIET_TICKS + 1; i++) tick();
    const other = new Container({ isRenderGroup: true });
    other.addChild(square());
    other.children[0]!.x = 3;
    expect(ticker.started).toBe(false);
  });
});

describe('renderOnDemand where the fence has it off', () => {
  it("leaves drawing to Pixi's own tick: the scenes are updated every tick and it draws only when asked", async () => {
    // The build switch turns the patch off on any pixi.js, as another release does (fence.ts reads it at load).
    vi.stubEnv('VITE_PIXI_INTERNALS_OFF', 'renderOnDemand');
    vi.resetModules();
    try {
      const off = await import('../../../../../src/client/engine/pixi-internals/renderOnDemand');
      const { app, stage: root, tick, renders } = fakeApp();
      let updates = 0;
      const frames = off.renderOnDemand(app, () => updates++);
      root.addChild(square());
      tick();
      tick();
      expect([updates, renders()]).toEqual([2, 0]);
      frames.renderNow();
      expect(renders()).toBe(1);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
