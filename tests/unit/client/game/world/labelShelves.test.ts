/**
 * The label pages' packing: labels share shelves of their height without overlapping, a released shelf
 * starts over, a full page opens the next, an emptied page is dropped (but not the last one), and a
 * double release is an error.
 */
import { describe, expect, it } from 'vitest';
import { LabelShelves, SLOT_GAP, type LabelSlot } from '../../../../../src/client/game/world/labelShelves';

const overlap = (a: LabelSlot, b: LabelSlot) =>
  a.page === b.page &&
  a.x < b.x + b.width + SLOT_GAP &&
  b.x < a.x + a.width + SLOT_GAP &&
  a.y < b.y + b.height + SLOT_GAP &&
  b.y < a.y + a.height + SLOT_GAP;

describe('LabelShelves', () => {
  it('packs labels of one height side by side, then on the next shelf, never overlapping', () => {
    const shelves = new LabelShelves(256, 256);
    const slots = Array.from({ length: 12 }, (_, i) => shelves.place(50 + (i % 3) * 10, 40));
    expect(slots[0]).toEqual({ page: 0, x: 0, y: 0, width: 50, height: 40 });
    expect(slots[1]).toEqual({ page: 0, x: 52, y: 0, width: 60, height: 40 });
    // A shelf holds what fits in 256 px: 50+60+70+50 with gaps = 236, the next 60 goes below.
    expect(slots[4]).toMatchObject({ x: 0, y: 42 });
    for (const [i, a] of slots.entries()) for (const b of slots.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    for (const s of slots) expect(s.x + s.width <= 256 && s.y + s.height <= 256).toBe(true);
    expect(shelves.pageCount).toBe(1);
  });

  it('keeps labels of another height on shelves of their own', () => {
    const shelves = new LabelShelves(256, 256);
    const name = shelves.place(40, 40);
    const tall = shelves.place(40, 80);
    const short = shelves.place(40, 20);
    expect(tall.y).toBe(name.y + 40 + SLOT_GAP);
    expect(short.y).toBe(tall.y + 80 + SLOT_GAP);
    // A label a little shorter (rounding) shares the shelf.
    expect(shelves.place(40, 36)).toMatchObject({ y: name.y, x: 40 + SLOT_GAP });
  });

  it('starts a shelf over once all its labels are released, and rounds and clips sizes', () => {
    const shelves = new LabelShelves(100, 100);
    const a = shelves.place(30.2, 39.5);
    expect(a).toMatchObject({ width: 31, height: 40 });
    const b = shelves.place(30, 40);
    expect(shelves.free(a)).toBe(false);
    // One label still on the shelf: the next goes after it.
    expect(shelves.place(30, 40).x).toBe(b.x + b.width + SLOT_GAP);
    const wide = shelves.place(500, 500);
    expect(wide).toMatchObject({ width: 100, height: 100, page: 1 });
    shelves.free(wide);
    expect(() => shelves.free(wide)).toThrow(/not in use/);
  });

  it('opens a page when one is full and drops an emptied page, but never the last', () => {
    const shelves = new LabelShelves(100, 100);
    // 2 per shelf, 2 shelves a page.
    const first = [shelves.place(45, 45), shelves.place(45, 45), shelves.place(45, 45), shelves.place(45, 45)];
    expect(first.every((s) => s.page === 0)).toBe(true);
    const next = shelves.place(45, 45);
    expect(next.page).toBe(1);
    expect(shelves.pageCount).toBe(2);
    expect(first.slice(0, 3).map((s) => shelves.free(s))).toEqual([false, false, false]);
    expect(shelves.free(first[3]!)).toBe(true);
    expect(shelves.pageCount).toBe(1);
    // Page 1 has room again for what page 0 held; the last page stays when emptied.
    expect(shelves.place(45, 45)).toMatchObject({ page: 1, x: 47, y: 0 });
    expect(shelves.free(next)).toBe(false);
    expect(shelves.pageCount).toBe(1);
  });

  it('reuses a released shelf before opening a page', () => {
    const shelves = new LabelShelves(100, 100);
    const row = [shelves.place(45, 45), shelves.place(45, 45)];
    shelves.place(45, 45);
    shelves.place(45, 45);
    for (const s of row) shelves.free(s);
    expect(shelves.place(45, 45)).toEqual({ page: 0, x: 0, y: 0, width: 45, height: 45 });
    expect(shelves.pageCount).toBe(1);
  });
});
