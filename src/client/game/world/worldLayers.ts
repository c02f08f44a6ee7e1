/**
 * The repeating backdrop of a room: 1024-px-wide frames tiled along the lane, each layer scrolling at its
 * own parallax factor. A layer keeps a small pool of sprites and only moves them when the camera moves,
 * allocating nothing per frame.
 */
import { Container, Sprite } from 'pixi.js';
import { hasTexture, texture } from '../../engine/atlas';
import { tileXs, type Camera } from './camera';

/** One tiled layer. */
export class TiledLayer {
  /** The layer's display object. */
  readonly view = new Container();
  private readonly pool: Sprite[] = [];
  private readonly xs: number[] = [];

  /**
   * `factor`: share of the camera's scroll (1 the lane); `anchorY` 1 hangs the tiles' bottoms on the line
   * `offsetY` below the ground (scaled by zoom), 0 their tops.
   */
  constructor(
    private readonly frame: string,
    private readonly factor: number,
    private readonly anchorY: 0 | 1,
    private readonly offsetY: number,
  ) {}

  /** Positions the tiles for the camera. */
  place(cam: Camera, groundY: number): void {
    if (!hasTexture(this.frame)) return;
    const tex = texture(this.frame);
    const xs = tileXs(cam, this.factor, tex.width, this.xs);
    while (this.pool.length < xs.length) {
      const s = new Sprite(tex);
      s.anchor.set(0, this.anchorY);
      this.pool.push(s);
      this.view.addChild(s);
    }
    for (let i = 0; i < this.pool.length; i++) {
      const s = this.pool[i]!;
      s.visible = i < xs.length;
      if (!s.visible) continue;
      if (s.texture !== tex) s.texture = tex;
      // A hair of overlap hides the seam a fractional zoom leaves between tiles.
      s.scale.set(cam.zoom * 1.001, cam.zoom);
      s.position.set(xs[i]!, groundY + this.offsetY * cam.zoom);
    }
  }

  /** Releases the sprites (after an atlas reload the next place() builds new ones). */
  clear(): void {
    for (const s of this.pool) s.destroy();
    this.pool.length = 0;
  }
}
