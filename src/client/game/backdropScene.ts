/** The quiet backdrop behind screens without a scene of their own: motes of flux that drift, then settle. */
import { Container, Graphics } from 'pixi.js';
import { DESIGN_WIDTH, type Layout } from '../engine/resize';
import type { Scene, SceneHost } from '../engine/scene';
import { ambientStrength } from '../engine/motion';

const MOTES = 28;

/** Deterministic pseudo-random numbers (a fixed seed keeps the backdrop identical between visits). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** The backdrop scene. */
export class BackdropScene implements Scene {
  readonly name = 'backdrop';
  private readonly view = new Container();
  private motes: Array<{ g: Graphics; x: number; y: number; speed: number }> = [];
  private height = 1920;
  /** When the motes appeared (page clock: Pixi caps a frame's delta, so summed deltas lag on a slow device). */
  private shownAt = 0;

  prepare(): void {}

  show(host: SceneHost, layout: Layout): void {
    const rnd = lcg(11);
    this.shownAt = performance.now();
    this.height = layout.designHeight;
    for (let i = 0; i < MOTES; i++) {
      const g = new Graphics().circle(0, 0, 3 + rnd() * 7).fill({ color: rnd() > 0.5 ? 0xe5c44f : 0xff8ee4, alpha: 0.25 });
      const mote = { g, x: rnd() * DESIGN_WIDTH, y: rnd() * this.height, speed: 0.01 + rnd() * 0.03 };
      this.motes.push(mote);
      this.view.addChild(g);
    }
    host.addChild(this.view);
    this.update(0);
  }

  update(deltaMs: number): void {
    // Drift is decoration: it settles after a while (a still screen draws nothing) and never starts for a
    // player who asked for reduced motion.
    const drift = deltaMs * ambientStrength(performance.now() - this.shownAt);
    for (const m of this.motes) {
      m.y -= m.speed * drift;
      if (m.y < -20) m.y = this.height + 20;
      m.g.position.set(m.x, m.y);
    }
  }

  resize(layout: Layout): void {
    this.height = layout.designHeight;
  }

  hide(): void {}

  reset(): void {
    for (const m of this.motes) m.g.destroy();
    this.motes = [];
    this.view.removeChildren();
  }
}
