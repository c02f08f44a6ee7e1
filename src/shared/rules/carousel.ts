/** Wrapping choice among n options (six masters, four egg tiers): stepping past either end wraps. */

/** Steps a 1-based choice by `delta` within 1..count, wrapping at both ends. */
export function stepChoice(current: number, delta: number, count: number): number {
  if (count <= 0) return 1;
  const zeroBased = (((current - 1 + delta) % count) + count) % count;
  return zeroBased + 1;
}
