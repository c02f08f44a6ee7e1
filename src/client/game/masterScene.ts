/**
 * Draws one master avatar in the master band, sliding in from the side it came from when the choice
 * changes. The skin comes from a store (register carousel, referrer, the player's own master).
 */
import { Container, Graphics, Sprite } from 'pixi.js';
import type { ReadableAtom } from 'nanostores';
import { hasTexture, loadSheets, onAtlasesLoaded, texture } from '../engine/atlas';
import { masterFrame } from '../engine/frameNames';
import { DESIGN_WIDTH, type Layout } from '../engine/resize';
import type { Scene, SceneHost } from '../engine/scene';
import { Disposables } from '../engine/disposables';
import { MASTER_AREA_HEIGHT, MASTER_AREA_TOP, slideOffset } from './masterArea';
import { reducedMotion } from '../engine/motion';
import { $hudScrollY } from './stageStores';

/** Which master to show and from which side it arrives (-1 from the left, 1 from the right, 0 no slide). */
export interface MasterChoice {
  skinId: number | null;
  from: -1 | 0 | 1;
}

/** Length of the slide-in in ms. */
const SLIDE_MS = 260;

/** The master scene. */
export class MasterScene implements Scene {
  readonly name: string;
  private readonly bag = new Disposables();
  private readonly view = new Container();
  private readonly glow = new Graphics();
  private sprite: Sprite | null = null;
  private layout: Layout | null = null;
  private slideT = 1;
  private from: -1 | 0 | 1 = 0;

  constructor(
    name: string,
    private readonly choice: ReadableAtom<MasterChoice>,
  ) {
    this.name = name;
  }

  /** Waits for the masters' sheet only (shared with other scenes); without it the band shows its glow only. */
  async prepare(): Promise<void> {
    await loadSheets(['masters']).catch(() => undefined);
  }

  show(host: SceneHost, layout: Layout): void {
    host.addChild(this.view);
    this.view.addChild(this.glow);
    this.resize(layout);
    this.bag.add(this.choice.subscribe((c) => this.setSkin(c)));
    // A first visit can show the band before the shared atlas load settles: draw the master once it does.
    this.bag.add(onAtlasesLoaded(() => { if (!this.sprite) this.setSkin(this.choice.get()); }));
    // The master band is part of the scrolling HUD column, so the drawing follows the scroll.
    this.bag.add($hudScrollY.subscribe((y) => (this.view.y = -y / (this.layout?.scale ?? 1))));
  }

  update(deltaMs: number): void {
    if (this.slideT < 1) this.slideT = Math.min(1, this.slideT + deltaMs / SLIDE_MS);
    this.place();
  }

  resize(layout: Layout): void {
    this.layout = layout;
    const { cx, cy, h } = this.band();
    this.glow.clear().circle(cx, cy, h * 0.42).fill({ color: 0xe5c44f, alpha: 0.12 });
    this.place();
  }

  hide(): void {
    this.bag.dispose();
  }

  reset(): void {
    this.bag.dispose();
    this.view.removeChildren();
    this.sprite?.destroy();
    this.sprite = null;
  }

  private setSkin(c: MasterChoice): void {
    this.sprite?.destroy();
    this.sprite = null;
    // No master chosen (a referral whose code is unknown, or not looked up yet): no empty halo either.
    this.glow.visible = c.skinId !== null;
    if (c.skinId === null || !hasTexture(masterFrame(c.skinId))) return;
    const tex = texture(masterFrame(c.skinId));
    // Masters are pixel art drawn several times their packed size: sample without smoothing to keep edges crisp.
    tex.source.scaleMode = 'nearest';
    const sprite = new Sprite(tex);
    sprite.anchor.set(0.5, 1);
    this.sprite = sprite;
    this.view.addChild(sprite);
    this.from = c.from;
    this.slideT = c.from === 0 || reducedMotion() ? 1 : 0;
    this.place();
  }

  private band() {
    const designHeight = this.layout?.designHeight ?? 1920;
    const top = designHeight * MASTER_AREA_TOP;
    const h = designHeight * MASTER_AREA_HEIGHT;
    return { cx: DESIGN_WIDTH / 2, cy: top + h / 2, top, h };
  }

  private place(): void {
    const s = this.sprite;
    if (!s) return;
    const { cx, top, h } = this.band();
    const fit = Math.min((h * 0.92) / s.texture.height, (DESIGN_WIDTH * 0.6) / s.texture.width);
    // The master stands still: an idle bob redrew the whole canvas every frame for seconds while the screen
    // loaded (on a slow phone, and on a machine without a GPU, each frame blocked the page); only picking
    // another master moves it, sliding in.
    s.scale.set(fit);
    s.position.set(cx + this.from * slideOffset(this.slideT) * DESIGN_WIDTH * 0.6, top + h * 0.96);
    s.alpha = 1 - slideOffset(this.slideT) * 0.8;
  }
}
