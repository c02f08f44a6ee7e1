/**
 * The drawn crowd of a world as Pixi particles: one ParticleContainer per texture page and tier (bodies
 * under names), so a walker's step is a write to its particles' x, not a change to the scene graph. Pixi
 * draws a container as one quad batch of one texture and uploads the particles' positions every frame in
 * one loop; their static data (size, facing, frame) only when a page is marked restyled. Hiding a master
 * takes its particles out (a particle has no `visible`); the removals of a frame are applied at once in
 * `commit`, and a page left empty is dropped. Headless: nothing here needs a renderer.
 */
import { Container, ParticleContainer, Texture, type Particle } from 'pixi.js';

/** Draw tiers, back to front: bodies (skins, pipes, smoke, badges), then names over every body. */
export type CrowdTier = 0 | 1;

interface Page {
  key: string;
  tier: CrowdTier;
  container: ParticleContainer<Particle>;
  /** Particles to take out at the next commit. */
  leaving: Set<Particle>;
}

/** The crowd's particle pages, in tier order under one view. */
export class CrowdLayer {
  /** Holds the pages: bodies' first, then names'. */
  readonly view = new Container();
  private readonly pages = new Map<string, Page>();
  private readonly pageOf = new Map<Particle, Page>();

  /** Particles drawn (in a page and not leaving). */
  get size(): number {
    let n = 0;
    for (const page of this.pages.values()) n += page.container.particleChildren.length - page.leaving.size;
    return n;
  }

  /** The pages' containers, in draw order (for tests and the bench's sprite count). */
  get containers(): readonly ParticleContainer<Particle>[] {
    return this.view.children as ParticleContainer<Particle>[];
  }

  /** Whether `p` is drawn. */
  has(p: Particle): boolean {
    const page = this.pageOf.get(p);
    return !!page && !page.leaving.has(p);
  }

  /** Draws `p` in the page of its texture in `tier` (nothing when it is drawn already). */
  add(p: Particle, tier: CrowdTier): void {
    const page = this.pageOf.get(p);
    if (page) {
      // Taken out and put back in one frame: it never left its page.
      page.leaving.delete(p);
      return;
    }
    const to = this.page(p.texture, tier);
    to.container.addParticle(p);
    this.pageOf.set(p, to);
  }

  /** Stops drawing `p` (from the next commit). */
  remove(p: Particle): void {
    this.pageOf.get(p)?.leaving.add(p);
  }

  /** `p`'s static data changed (scale, anchor, tint, or a frame of the same page): its page uploads them again. */
  restyled(p: Particle): void {
    this.pageOf.get(p)?.container.update();
  }

  /** Gives `p` the texture `t`: a frame of another page moves it there. */
  retexture(p: Particle, t: Texture, tier: CrowdTier): void {
    if (p.texture === t) return;
    const page = this.pageOf.get(p);
    const moves = !!page && page.container.texture?.source !== t.source;
    if (moves) this.drop(p);
    p.texture = t;
    if (moves) this.add(p, tier);
    else this.restyled(p);
  }

  /** Applies the frame's removals in one pass per page; drops the pages left empty. */
  commit(): void {
    for (const page of this.pages.values()) {
      if (page.leaving.size === 0) continue;
      const kept = page.container.particleChildren.filter((p) => !page.leaving.has(p));
      for (const p of page.leaving) this.pageOf.delete(p);
      page.leaving.clear();
      if (kept.length === 0) {
        this.dropPage(page);
        continue;
      }
      page.container.particleChildren = kept;
      page.container.update();
    }
  }

  /** Drops every page (the masters are the scene's to destroy first). */
  clear(): void {
    for (const page of [...this.pages.values()]) this.dropPage(page);
    this.pageOf.clear();
    this.view.removeChildren();
  }

  /** Takes `p` out of its page at once (it moves to another page). */
  private drop(p: Particle): void {
    const page = this.pageOf.get(p)!;
    this.pageOf.delete(p);
    page.leaving.delete(p);
    const i = page.container.particleChildren.indexOf(p);
    if (i >= 0) page.container.particleChildren.splice(i, 1);
    if (page.container.particleChildren.length === 0) this.dropPage(page);
    else page.container.update();
  }

  private dropPage(page: Page): void {
    this.pages.delete(page.key);
    const own = page.container.texture;
    page.container.destroy();
    own?.destroy(false);
  }

  private page(t: Texture, tier: CrowdTier): Page {
    const key = `${tier}:${t.source.uid}`;
    let page = this.pages.get(key);
    if (page) return page;
    // The page's own texture of the source: the container binds it for every particle, and a particle's own
    // texture (a name's, say) may be destroyed while the page lives on.
    const container = new ParticleContainer<Particle>({
      texture: new Texture({ source: t.source }),
      dynamicProperties: { position: true },
    });
    page = { key, tier, container, leaving: new Set() };
    let at = 0;
    for (const other of this.pages.values()) if (other.tier <= tier) at++;
    this.view.addChildAt(container, at);
    this.pages.set(key, page);
    return page;
  }
}
