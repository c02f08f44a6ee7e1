/** The entering master's spot: the entry point when free, else the next free spot further in. */
import { describe, expect, it } from 'vitest';
import { ENTRY_SPACING, ENTRY_SPOTS, entrySpot } from '../../../../src/server/domain/world/entrySpot';
import { ROOM_MAX, SENATE_GATE } from '../../../../src/shared/rules/world';

const ordinary = { titled: false, puff: false };

describe('entrySpot', () => {
  it('is the entry point in an empty room, and the next free spot when someone stands there', () => {
    expect(entrySpot(1, ordinary, [])).toBe(SENATE_GATE);
    expect(entrySpot(1, ordinary, [SENATE_GATE])).toBe(SENATE_GATE + ENTRY_SPACING);
    expect(entrySpot(1, ordinary, [SENATE_GATE, SENATE_GATE + ENTRY_SPACING])).toBe(SENATE_GATE + 2 * ENTRY_SPACING);
  });

  it('keeps ENTRY_SPACING from anyone near a spot, not only from those exactly on it', () => {
    expect(entrySpot(1, ordinary, [SENATE_GATE + 100])).toBe(SENATE_GATE + 2 * ENTRY_SPACING);
    expect(entrySpot(2, { titled: false, puff: false }, [10])).toBe(2 * ENTRY_SPACING);
  });

  it('gives every one of a crowd entering one after another its own spot', () => {
    const taken: number[] = [];
    for (let i = 0; i < 20; i++) taken.push(entrySpot(1, ordinary, taken));
    const sorted = [...taken].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(ENTRY_SPACING);
  });

  it('falls back to the entry point when every spot near it is held, and never passes the room end', () => {
    const full = Array.from({ length: ENTRY_SPOTS }, (_, i) => SENATE_GATE + i * ENTRY_SPACING);
    expect(entrySpot(1, ordinary, full)).toBe(SENATE_GATE);
    const ditchFull = Array.from({ length: 30 }, (_, i) => i * ENTRY_SPACING);
    expect(entrySpot(2, ordinary, ditchFull)).toBeLessThanOrEqual(ROOM_MAX[2]);
  });
});
