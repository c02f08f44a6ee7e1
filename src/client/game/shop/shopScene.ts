/**
 * The shop swiper on the stage (/mageshop, /eggshop, /gdaoshop): each item's art in the band at the top of
 * the screen, the chosen one in the centre and its neighbours peeking in, smaller and fainter, with the home
 * swiper's feel. It only draws: the items come from $shopItems and the row's position from shopSwiper.
 */
import { Container, Graphics, Sprite } from 'pixi.js';
import { hasTexture, loadAtlases, onAtlasesLoaded, texture } from '../../engine/atlas';
import { DESIGN_WIDTH, type Layout } from '../../engine/resize';
import type { Scene, SceneHost } from '../../engine/scene';
import { Disposables } from '../../engine/disposables';
import { wakeStage } from '../../engine/stageWake';
import type { ShopItem } from '../../net/shopApi';
import { MASTER_AREA_HEIGHT, MASTER_AREA_TOP } from '../masterArea';
import { $hudScrollY } from '../stageStores';
import { $shopItems, shopSwiper } from './shopStores';
import { placeItem, shopLook, type ShopLook } from './shopLook';

interface DrawnItem {
  id: number;
  look: ShopLook;
  node: Container;
  artWidth: number;
  artHeight: number;
}

/** The shop scene. */
export class ShopScene implements Scene {
  readonly name = 'shop';
  private readonly bag = new Disposables();
  private readonly view = new Container();
  private readonly glow = new Graphics();
  private drawn: DrawnItem[] = [];
  private layout: Layout | null = null;

  /** Waits for the atlases (one shared load); without them items draw as plain shapes. */
  async prepare(): Promise<void> {
    await loadAtlases().catch(() => undefined);
  }

  show(host: SceneHost, layout: Layout): void {
    host.addChild(this.view);
    this.view.addChild(this.glow);
    this.resize(layout);
    this.bag.add($shopItems.subscribe((items) => this.build(items)));
    this.bag.add(onAtlasesLoaded(() => this.build($shopItems.get(), true)));
    // The band scrolls with the HUD column, so the drawing follows the scroll.
    this.bag.add($hudScrollY.subscribe((y) => (this.view.y = -y / (this.layout?.scale ?? 1))));
    // An item chosen without a touch (a poll kept the chosen one) glides there from the next frame.
    this.bag.add(shopSwiper.onIndex(() => wakeStage()));
  }

  update(deltaMs: number): void {
    shopSwiper.update(deltaMs);
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
    return { cx: DESIGN_WIDTH / 2, top: designHeight * MASTER_AREA_TOP, h: designHeight * MASTER_AREA_HEIGHT };
  }

  /** Rebuilds the items whose look changed (all of them after an atlas reload); a poll keeps the others. */
  private build(items: readonly ShopItem[], force = false): void {
    const old = new Map(this.drawn.map((d) => [d.id, d]));
    const next: DrawnItem[] = [];
    for (const item of items) {
      const look = shopLook(item);
      const prev = old.get(item.id);
      if (prev && !force && prev.look.frame === look.frame) {
        prev.look = look;
        old.delete(item.id);
        next.push(prev);
        continue;
      }
      next.push(this.draw(item.id, look));
    }
    for (const gone of old.values()) gone.node.destroy({ children: true });
    this.drawn = next;
    this.view.removeChildren();
    this.view.addChild(this.glow, ...next.map((d) => d.node));
    this.place();
  }

  private draw(id: number, look: ShopLook): DrawnItem {
    const node = new Container();
    if (hasTexture(look.frame)) {
      const sprite = new Sprite(texture(look.frame));
      sprite.anchor.set(0.5, 1);
      node.addChild(sprite);
      return { id, look, node, artWidth: sprite.texture.width, artHeight: sprite.texture.height };
    }
    // No art (atlases not loaded): a soft egg shape keeps the item visible and swipeable.
    node.addChild(new Graphics().ellipse(0, -50, 38, 50).fill({ color: 0xf4efe2, alpha: 0.25 }));
    return { id, look, node, artWidth: 76, artHeight: 100 };
  }

  private place(): void {
    const band = this.band();
    const position = shopSwiper.position;
    this.drawn.forEach((d, i) => {
      const at = placeItem(d.look, { width: d.artWidth, height: d.artHeight }, i - position, band);
      d.node.visible = at.visible;
      if (!at.visible) return;
      d.node.scale.set(at.scale);
      d.node.position.set(at.x, at.y);
      d.node.alpha = at.alpha;
    });
  }
}
