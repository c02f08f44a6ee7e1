/**
 * The world's labels (masters' names, inscriptions' excerpts) drawn once each onto a few shared canvas
 * pages and handed out as sub-textures. A Pixi `Text` per name is a texture per name: with a hundred names
 * on screen the batcher broke its batches at every few names to bind the next one, the Forum's biggest
 * cost per frame. Labels on shared pages draw as sprites of one or two textures, in the same batch as the
 * masters' atlas. The browser's canvas draws any script (CJK, Cyrillic, emoji) with its own font fallback,
 * so no glyph set has to be known ahead. A label is counted by its holders: the same text in the same
 * style is drawn once, and its place is given back when the last holder releases it (labelShelves.ts).
 */
import { DOMAdapter, Rectangle, Texture } from 'pixi.js';
import { DirtyRectCanvasSource } from '../../engine/dirtyRectSource';
import { LabelShelves, type LabelSlot } from './labelShelves';

/** How a label is drawn. */
export interface LabelStyle {
  /** A short stable name of the style (part of the label's identity). */
  id: string;
  /** Font size in px (design units: the labels are drawn at the full atlases' resolution). */
  size: number;
  weight: number;
  italic: boolean;
  /** CSS colours. */
  fill: string;
  stroke: string;
  strokeWidth: number;
}

/** A held label: its texture to draw, released when the node that shows it goes. */
export interface LabelRef {
  readonly texture: Texture;
  release(): void;
}

interface Entry {
  slot: LabelSlot;
  texture: Texture;
  holders: number;
}

/** Page edge (px): ~150 names a page; a new label uploads its own rectangle (dirtyRectSource.ts), a new page whole. */
export const LABEL_PAGE = 1024;
/** Extra pixels around the text's box: the stroke's outer half and anti-aliasing. */
const padOf = (s: LabelStyle) => Math.ceil(s.strokeWidth / 2) + 2;
const fontOf = (s: LabelStyle) => `${s.italic ? 'italic ' : ''}${s.weight} ${s.size}px sans-serif`;

/** Shared canvas pages of labels. */
export class LabelAtlas {
  private readonly shelves = new LabelShelves(LABEL_PAGE, LABEL_PAGE);
  private readonly pages = new Map<number, DirtyRectCanvasSource>();
  private readonly entries = new Map<string, Entry>();
  /** Pages drawn on since the last commit. */
  private readonly drawn = new Set<DirtyRectCanvasSource>();
  /** The context that measures labels; null: this DOM cannot draw (asked once). */
  private measurer: CanvasRenderingContext2D | null | undefined;

  /** Pages in use (each one texture). */
  get pageCount(): number {
    return this.pages.size;
  }

  /** Labels held. */
  get size(): number {
    return this.entries.size;
  }

  /** Holds the label `text` in `style`, drawing it if nobody holds it yet. */
  label(text: string, style: LabelStyle): LabelRef {
    const key = `${style.id}\n${text}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const drawn = this.draw(text, style);
      if (!drawn) return { texture: Texture.EMPTY, release: () => undefined };
      this.entries.set(key, (entry = drawn));
    }
    entry.holders++;
    const held = entry;
    let released = false;
    return {
      texture: held.texture,
      release: () => {
        if (released) return;
        released = true;
        if (--held.holders === 0) this.drop(key, held);
      },
    };
  }

  /** Uploads the pages drawn on since the last call: once a frame, however many labels came in it. */
  commit(): void {
    for (const source of this.drawn) source.update();
    this.drawn.clear();
  }

  /** Frees every page (the labels' holders must be gone). */
  destroy(): void {
    for (const e of this.entries.values()) e.texture.destroy();
    for (const source of this.pages.values()) source.destroy();
    this.entries.clear();
    this.pages.clear();
    this.drawn.clear();
  }

  private draw(text: string, style: LabelStyle): Entry | null {
    // A DOM without a 2D canvas (a headless test's) has nothing to draw with: the label stays empty.
    if (this.measurer === undefined)
      this.measurer = DOMAdapter.get().createCanvas(1, 1).getContext('2d') as CanvasRenderingContext2D | null;
    if (!this.measurer) return null;
    const font = fontOf(style);
    this.measurer.font = font;
    const m = this.measurer.measureText(text);
    const pad = padOf(style);
    // The font's box, not the glyphs': every label of a style is one height and shares one baseline.
    const ascent = m.fontBoundingBoxAscent || style.size * 0.95;
    const descent = m.fontBoundingBoxDescent || style.size * 0.3;
    // An italic leans past its advance width by about a fifth of its height.
    const lean = style.italic ? Math.ceil(style.size * 0.2) : 0;
    const slot = this.shelves.place(m.width + lean + 2 * pad, ascent + descent + 2 * pad);
    const source = this.page(slot.page);
    const ctx = source.context2D as CanvasRenderingContext2D;
    ctx.clearRect(slot.x, slot.y, slot.width, slot.height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(slot.x, slot.y, slot.width, slot.height);
    ctx.clip();
    ctx.font = font;
    ctx.textBaseline = 'alphabetic';
    ctx.lineJoin = 'round';
    const x = slot.x + pad;
    const y = slot.y + pad + ascent;
    if (style.strokeWidth > 0) {
      ctx.lineWidth = style.strokeWidth;
      ctx.strokeStyle = style.stroke;
      ctx.strokeText(text, x, y);
    }
    ctx.fillStyle = style.fill;
    ctx.fillText(text, x, y);
    ctx.restore();
    source.markDrawn(slot);
    this.drawn.add(source);
    const frame = new Rectangle(slot.x, slot.y, slot.width, slot.height);
    return { slot, texture: new Texture({ source, frame }), holders: 0 };
  }

  private page(id: number): DirtyRectCanvasSource {
    let source = this.pages.get(id);
    if (!source) {
      source = new DirtyRectCanvasSource(LABEL_PAGE, LABEL_PAGE);
      this.pages.set(id, source);
    }
    return source;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    entry.texture.destroy();
    if (!this.shelves.free(entry.slot)) return;
    const source = this.pages.get(entry.slot.page)!;
    this.pages.delete(entry.slot.page);
    this.drawn.delete(source);
    source.destroy();
  }
}
