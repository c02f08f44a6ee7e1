import { describe, expect, it, vi } from 'vitest';
import { SceneManager, type Scene, type SceneHost } from '../../../../src/client/engine/scene';
import { Disposables } from '../../../../src/client/engine/disposables';
import { computeLayout, DESIGN_WIDTH, type Layout } from '../../../../src/client/engine/resize';

/** A scene that records its lifecycle and holds one subscription while shown. */
class RecordingScene implements Scene {
  readonly log: string[] = [];
  readonly bag = new Disposables();
  constructor(
    readonly name: string,
    private readonly prepareWith: () => Promise<void> | void = () => {},
  ) {}
  prepare() {
    this.log.push('prepare');
    return this.prepareWith();
  }
  show(host: SceneHost, layout: Layout) {
    host.addChild(this.name);
    this.bag.add(() => this.log.push('unsubscribe'));
    this.log.push(`show ${layout.width}`);
  }
  update(ms: number) {
    this.log.push(`update ${ms}`);
  }
  resize(layout: Layout) {
    this.log.push(`resize ${layout.width}`);
  }
  hide() {
    this.bag.dispose();
    this.log.push('hide');
  }
  reset() {
    this.log.push('reset');
  }
}

function host() {
  const children: unknown[] = [];
  return { children, addChild: (c: unknown) => children.push(c), removeChildren: () => children.splice(0) };
}

describe('SceneManager', () => {
  it('runs the lifecycle in order and releases subscriptions on swap', async () => {
    const h = host();
    const m = new SceneManager(h, computeLayout(390, 844));
    const a = new RecordingScene('a');
    const b = new RecordingScene('b');
    await m.show(a);
    m.update(16);
    m.resize(computeLayout(400, 800));
    await m.show(b);
    expect(a.log).toEqual(['prepare', 'show 390', 'update 16', 'resize 400', 'unsubscribe', 'hide', 'reset']);
    expect(a.bag.size).toBe(0);
    expect(h.children).toEqual(['b']);
    expect(b.log).toEqual(['prepare', 'show 400']);
    await m.show(b);
    expect(b.log).toEqual(['prepare', 'show 400']);
    m.clear();
    expect(h.children).toEqual([]);
    expect(b.log.slice(-3)).toEqual(['unsubscribe', 'hide', 'reset']);
  });

  it('drops a scene whose preparation a newer swap overtook', async () => {
    const m = new SceneManager(host(), computeLayout(390, 844));
    let release!: () => void;
    const slow = new RecordingScene('slow', () => new Promise<void>((r) => (release = r)));
    const fast = new RecordingScene('fast');
    const first = m.show(slow);
    await m.show(fast);
    release();
    await first;
    expect(m.active).toBe(fast);
    expect(slow.log).toEqual(['prepare', 'reset']);
  });

  it('survives a scene that fails to prepare', async () => {
    const m = new SceneManager(host(), computeLayout(390, 844));
    const broken = new RecordingScene('broken', () => Promise.reject(new Error('no atlas')));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await m.show(broken);
    expect(m.active).toBeNull();
    expect(logged).toHaveBeenCalledWith('scene broken failed to prepare', expect.any(Error));
    logged.mockRestore();
  });

  it('runs beforeShow after prepare and before show; a later scene wins over one still warming', async () => {
    const order: string[] = [];
    let release!: () => void;
    const warming = new Promise<void>((r) => (release = r));
    const m = new SceneManager(host(), computeLayout(390, 844), async () => {
      order.push('warm');
      if (order.length === 1) await warming;
    });
    const first = new RecordingScene('first');
    const second = new RecordingScene('second');
    const shown = m.show(first);
    await Promise.resolve();
    expect(first.log).toEqual(['prepare']);
    const next = m.show(second);
    release();
    await Promise.all([shown, next]);
    expect(order).toEqual(['warm', 'warm']);
    expect(first.log).toEqual(['prepare', 'reset']);
    expect(m.active).toBe(second);
    expect(second.log).toEqual(['prepare', 'show 390']);
  });

  it('shows the scene even when beforeShow fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const m = new SceneManager(host(), computeLayout(390, 844), () => Promise.reject(new Error('context lost')));
    const a = new RecordingScene('a');
    await m.show(a);
    expect(m.active).toBe(a);
    expect(logged).toHaveBeenCalledWith('the stage could not warm up', expect.any(Error));
    logged.mockRestore();
  });
});

describe('SceneManager.animating', () => {
  it('asks the active scene, and is false without one or for a scene that does not say', async () => {
    const m = new SceneManager(host(), computeLayout(390, 844));
    expect(m.animating()).toBe(false);
    await m.show(new RecordingScene('plain'));
    expect(m.animating()).toBe(false);
    let moving = true;
    const walker = Object.assign(new RecordingScene('walker'), { animating: () => moving });
    await m.show(walker);
    expect(m.animating()).toBe(true);
    moving = false;
    expect(m.animating()).toBe(false);
  });
});

describe('computeLayout', () => {
  it('fills a phone and scales 1080 design pixels to its width', () => {
    const l = computeLayout(390, 844);
    expect(l).toMatchObject({ width: 390, height: 844, left: 0 });
    expect(l.scale).toBeCloseTo(390 / DESIGN_WIDTH);
    expect(l.designHeight).toBeCloseTo(844 / (390 / 1080));
  });

  it('centres a 9:16 column on a wide screen', () => {
    const l = computeLayout(1920, 1080);
    expect(l.width).toBe(608);
    expect(l.left).toBe(656);
    expect(l.scale).toBeCloseTo(608 / 1080);
  });
});
