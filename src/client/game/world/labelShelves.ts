/**
 * Where the world's labels (names, excerpts) sit on their shared pages, headless. A page is cut into
 * shelves (rows) as tall as the first label put on each; a label takes the free end of a shelf tall enough
 * (but not much taller: labels of one style are all one height), else opens a shelf below, else a new page.
 * A shelf whose labels are all released starts over from its left end; a page with none left is dropped
 * (the atlas frees its canvas), except the last one standing, which the next label would need anyway.
 */

/** A label's place: its page and pixel rectangle there. */
export interface LabelSlot {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

interface Shelf {
  y: number;
  height: number;
  /** Where the next label starts. */
  x: number;
  /** Labels placed on it and not released. */
  live: number;
}

interface Page {
  shelves: Shelf[];
  /** Where the next shelf starts. */
  bottom: number;
  live: number;
}

/** Gap kept between labels so that filtering never samples a neighbour. */
export const SLOT_GAP = 2;
/** A shelf takes labels up to this share taller than the label (one style, one height: this only tolerates rounding). */
const SHELF_SLACK = 1.25;

/** Packs labels onto pages of `pageWidth` × `pageHeight` pixels. */
export class LabelShelves {
  private readonly pages = new Map<number, Page>();
  private nextPage = 0;

  constructor(
    readonly pageWidth: number,
    readonly pageHeight: number,
  ) {}

  /** Pages in use. */
  get pageCount(): number {
    return this.pages.size;
  }

  /** Room for a label of `width` × `height` pixels (clipped to a page). */
  place(width: number, height: number): LabelSlot {
    const w = Math.min(Math.ceil(width), this.pageWidth);
    const h = Math.min(Math.ceil(height), this.pageHeight);
    for (const [id, page] of this.pages) {
      const slot = this.placeOn(id, page, w, h);
      if (slot) return slot;
    }
    const id = this.nextPage++;
    const page: Page = { shelves: [], bottom: 0, live: 0 };
    this.pages.set(id, page);
    return this.placeOn(id, page, w, h)!;
  }

  /** Releases a slot; true when its page was dropped (nothing left on it). */
  free(slot: LabelSlot): boolean {
    const page = this.pages.get(slot.page);
    const shelf = page?.shelves.find((s) => s.y === slot.y);
    if (!page || !shelf || shelf.live === 0) throw new Error(`label slot ${slot.page}:${slot.x},${slot.y} is not in use`);
    shelf.live--;
    page.live--;
    if (shelf.live === 0) shelf.x = 0;
    if (page.live > 0 || this.pages.size === 1) return false;
    this.pages.delete(slot.page);
    return true;
  }

  private placeOn(page: number, p: Page, w: number, h: number): LabelSlot | null {
    let shelf = p.shelves.find((s) => s.height >= h && s.height <= h * SHELF_SLACK && s.x + w <= this.pageWidth);
    if (!shelf) {
      if (p.bottom + h > this.pageHeight) return null;
      shelf = { y: p.bottom, height: h, x: 0, live: 0 };
      p.shelves.push(shelf);
      p.bottom += h + SLOT_GAP;
    }
    const slot = { page, x: shelf.x, y: shelf.y, width: w, height: h };
    shelf.x += w + SLOT_GAP;
    shelf.live++;
    p.live++;
    return slot;
  }
}
