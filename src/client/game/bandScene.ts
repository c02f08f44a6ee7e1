/**
 * Draws a row of atlas frames in the master band, sliding in from the side they came from when the art
 * changes: a master on the register carousel and the referral landing, a slide's art on onboarding.
 */
import { Container, Graphics, Sprite } from 'pixi.js';
import type { ReadableAtom } from 'nanostores';
import { hasTexture, loadSheetsFor, onAtlasesLoaded, texture } from '../engine/atlas';
import { DESIGN_WIDTH, type Layout } from '../engine/resize';
import type { Scene, SceneHost } from '../engine/scene';
import { Disposables } from '../engine/disposables';
import { bandPlacement, MASTER_AREA_HEIGHT, MASTER_AREA_TOP, slideOffset } from './masterArea';
import { reducedMotion } from '../engine/motion';
import { $hudScrollY, type BandArt } from './stageStores';

/** Length of the slide-in in ms. */
const SLIDE_MS = 260;

/** The band scene. */
export class BandScene implements Scene {
  readonly name: string;
  private readonly bag = new Disposables();
  private readonly view = new Container();
  private readonly glow = new Graphics();
  private sprites: Sprite[] = [];
  private layout: Layout | null = null;
  private slideT = 1;
  private from: -1 | 0 | 1 = 0;

  constructor(
    name: string,
    private readonly art: ReadableAtom<BandArt>,
    /** Every frame the band may show: their sheets (only those) load before it shows. */
    private readonly frames: readonly string[],
  ) {
    this.name = name;
  }

  /** Waits for the sheets of its frames (shared with other scenes); without them the band shows its glow only. */
  async prepare(): Promise<void> {
    await loadSheetsFor(this.frames).catch(() => undefined);
  }

  show(host: SceneHost, layout: Layout): void {
    host.addChild(this.view);
    this.view.addChild(this.glow);
    this.resize(layout);
    this.bag.add(this.art.subscribe((a) => this.setArt(a)));
    // A first visit can show the band before the shared atlas load settles: draw the art once it does.
    this.bag.add(
      onAtlasesLoaded(() => {
        if (this.sprites.length === 0) this.setArt(this.art.get());
      }),
    );
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
    this.glow
      .clear()
      .circle(cx, cy, h * 0.42)
      .fill({ color: 0xe5c44f, alpha: 0.12 });
    this.place();
  }

  hide(): void {
    this.bag.dispose();
  }

  reset(): void {
    this.bag.dispose();
    this.view.removeChildren();
    this.clearSprites();
  }

  private clearSprites(): void {
    for (const sprite of this.sprites) sprite.destroy();
    this.sprites = [];
  }

  private setArt(art: BandArt): void {
    this.clearSprites();
    // Nothing to show (a referral whose code is unknown, or not looked up yet): no empty halo either.
    this.glow.visible = art.frames.length > 0;
    for (const frame of art.frames) {
      if (!hasTexture(frame)) continue;
      const tex = texture(frame);
      if (art.crisp) tex.source.scaleMode = 'nearest';
      const sprite = new Sprite(tex);
      sprite.anchor.set(0.5, 1);
      this.sprites.push(sprite);
      this.view.addChild(sprite);
    }
    this.from = art.from;
    this.slideT = art.from === 0 || reducedMotion() ? 1 : 0;
    this.place();
  }

  private band() {
    const designHeight = this.layout?.designHeight ?? 1920;
    const top = designHeight * MASTER_AREA_TOP;
    const h = designHeight * MASTER_AREA_HEIGHT;
    return { cx: DESIGN_WIDTH / 2, cy: top + h / 2, top, h };
  }

  // The art stands still: an idle bob redrew the whole canvas every frame for seconds while the screen loaded
  // (on a slow phone, and without a GPU, each frame blocked the page); only new art moves, sliding in.
  private place(): void {
    if (this.sprites.length === 0) return;
    const { fit, centres, bottom } = bandPlacement(
      this.sprites.map((s) => ({ w: s.texture.width, h: s.texture.height })),
      this.layout?.designHeight ?? 1920,
      DESIGN_WIDTH,
    );
    this.sprites.forEach((s, i) => {
      s.scale.set(fit);
      s.position.set(centres[i]! + this.from * slideOffset(this.slideT) * DESIGN_WIDTH * 0.6, bottom);
      s.alpha = 1 - slideOffset(this.slideT) * 0.8;
    });
  }
}
