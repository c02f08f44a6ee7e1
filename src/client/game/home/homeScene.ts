/**
 * The home swiper on the stage: each slide's sprite in the band at the top of the screen, the chosen one in
 * the centre and its neighbours peeking in, smaller and fainter. It only draws: the slides come from
 * $homeSlides and the row's position from the headless swiper model, read every frame.
 */
import { Container, Graphics, Sprite } from 'pixi.js';
import { hasTexture, loadSheets, onAtlasesLoaded, texture } from '../../engine/atlas';
import { eidolFrame } from '../../engine/frameNames';
import { DESIGN_WIDTH, type Layout } from '../../engine/resize';
import type { Scene, SceneHost } from '../../engine/scene';
import { Disposables } from '../../engine/disposables';
import { wakeStage } from '../../engine/stageWake';
import { MASTER_AREA_HEIGHT, MASTER_AREA_TOP } from '../masterArea';
import { $hudScrollY } from '../stageStores';
import type { HomeSlide } from './homeSlides';
import { $homeSlides, homeSwiper } from './homeStores';
import { SLIDE_SPACING, slideLook, type SlideLook } from './slideLook';

/** The atlas sheets the home slides draw from (slideLook.ts): the others load with the screens that use them. */
const HOME_SHEETS = ['eidols', 'items', 'home'];

/** Neighbours farther than this many slides from the centre are not drawn. */
const VISIBLE_SLIDES = 1.6;
/** How much smaller and fainter a neighbour one slide away is. */
const SIDE_SHRINK = 0.35;
const SIDE_FADE = 0.55;

interface DrawnSlide {
  key: string;
  look: SlideLook;
  node: Container;
  /** Unscaled height of the drawn art, so a value change rescales without rebuilding. */
  artHeight: number;
  artWidth: number;
}

/** The home scene. */
export class HomeScene implements Scene {
  readonly name = 'home';
  private readonly bag = new Disposables();
  private readonly view = new Container();
  private readonly glow = new Graphics();
  private drawn: DrawnSlide[] = [];
  private layout: Layout | null = null;

  /** Waits for the sheets the slides draw from (eggs and eidols, items, the slide art); without them slides draw as plain shapes. */
  async prepare(): Promise<void> {
    await loadSheets(HOME_SHEETS).catch(() => undefined);
  }

  show(host: SceneHost, layout: Layout): void {
    host.addChild(this.view);
    this.view.addChild(this.glow);
    this.resize(layout);
    this.bag.add($homeSlides.subscribe((slides) => this.build(slides)));
    this.bag.add(onAtlasesLoaded(() => this.build($homeSlides.get(), true)));
    // The band scrolls with the HUD column, so the drawing follows the scroll.
    this.bag.add($hudScrollY.subscribe((y) => (this.view.y = -y / (this.layout?.scale ?? 1))));
    // A slide chosen without a touch (the HUD's own logic) glides there from the next frame.
    this.bag.add(homeSwiper.onIndex(() => wakeStage()));
  }

  update(deltaMs: number): void {
    homeSwiper.update(deltaMs);
    this.place();
  }

  resize(layout: Layout): void {
    this.layout = layout;
    const { cx, top, h } = this.band();
    this.glow
      .clear()
      .ellipse(cx, top + h * 0.92, DESIGN_WIDTH * 0.3, h * 0.06)
      .fill({ color: 0xe5c44f, alpha: 0.14 });
    this.place();
  }

  hide(): void {
    this.bag.dispose();
  }

  reset(): void {
    this.bag.dispose();
    for (const d of this.drawn) d.node.destroy({ children: true });
    this.drawn = [];
    this.view.removeChildren();
  }

  private band() {
    const designHeight = this.layout?.designHeight ?? 1920;
    const top = designHeight * MASTER_AREA_TOP;
    const h = designHeight * MASTER_AREA_HEIGHT;
    return { cx: DESIGN_WIDTH / 2, top, h };
  }

  /** Rebuilds the slides whose look changed (all of them after an atlas reload); keeps the others. */
  private build(slides: readonly HomeSlide[], force = false): void {
    const old = new Map(this.drawn.map((d) => [d.key, d]));
    const next: DrawnSlide[] = [];
    for (const slide of slides) {
      const look = slideLook(slide);
      const prev = old.get(slide.key);
      if (prev && !force && prev.look.frame === look.frame) {
        prev.look = look;
        old.delete(slide.key);
        next.push(prev);
        continue;
      }
      next.push(this.draw(slide, look));
    }
    for (const gone of old.values()) gone.node.destroy({ children: true });
    this.drawn = next;
    this.view.removeChildren();
    this.view.addChild(this.glow, ...next.map((d) => d.node));
    this.place();
  }

  private draw(slide: HomeSlide, look: SlideLook): DrawnSlide {
    const node = new Container();
    const frame = this.frameFor(slide, look.frame);
    if (frame) {
      const sprite = new Sprite(texture(frame));
      sprite.anchor.set(0.5, 1);
      node.addChild(sprite);
      return { key: slide.key, look, node, artWidth: sprite.texture.width, artHeight: sprite.texture.height };
    }
    // No art (atlases not loaded): a soft egg shape keeps the slide visible and swipeable.
    const shape = new Graphics().ellipse(0, -50, 38, 50).fill({ color: 0xf4efe2, alpha: 0.25 });
    node.addChild(shape);
    return { key: slide.key, look, node, artWidth: 76, artHeight: 100 };
  }

  /** The frame to draw, falling back to a drawn eidol of the same rarity for a skin this atlas lacks. */
  private frameFor(slide: HomeSlide, frame: string): string | null {
    if (hasTexture(frame)) return frame;
    if (slide.kind === 'eidol') {
      const fallback = eidolFrame(slide.eidol.collection, slide.eidol.rarity, slide.eidol.id);
      if (hasTexture(fallback)) return fallback;
    }
    return null;
  }

  private place(): void {
    const { cx, top, h } = this.band();
    const position = homeSwiper.position;
    this.drawn.forEach((d, i) => {
      const offset = i - position;
      const far = Math.abs(offset);
      d.node.visible = far < VISIBLE_SLIDES;
      if (!d.node.visible) return;
      const near = Math.min(1, far);
      const fit = Math.min((h * d.look.height) / d.artHeight, (DESIGN_WIDTH * 0.56) / d.artWidth);
      d.node.scale.set(fit * (1 - SIDE_SHRINK * near));
      d.node.position.set(cx + offset * DESIGN_WIDTH * SLIDE_SPACING, top + h * 0.94);
      d.node.alpha = (1 - SIDE_FADE * near) * (d.look.dimmed ? 0.5 : 1);
    });
  }
}
