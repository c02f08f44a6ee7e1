/**
 * Name lanes, headless: masters standing close print their names under their feet at the same height, so
 * the names ran over each other (Forum and Ditch). Going left to right, each name takes the first lane (a
 * row under the feet) whose last name ends, with a gap, before it starts; past the last lane it takes the
 * lane that frees first, so a dense crowd overlaps as little as it can.
 */

/** One name: its centre and half its width (world coordinates). */
export interface NameSpan {
  x: number;
  halfWidth: number;
}

/** Lanes under the feet: more would hang names far from their masters. */
export const NAME_LANES = 3;
/** Room kept between two names of one lane. */
export const NAME_GAP = 12;

/** The lane (0 = right under the feet) of each name, in the order given. */
export function nameLanes(names: readonly NameSpan[], lanes = NAME_LANES, gap = NAME_GAP): number[] {
  const order = names.map((_, i) => i).sort((a, b) => names[a]!.x - names[b]!.x);
  const ends = new Array<number>(lanes).fill(-Infinity);
  const out = new Array<number>(names.length).fill(0);
  for (const i of order) {
    const { x, halfWidth } = names[i]!;
    let lane = ends.findIndex((end) => end + gap <= x - halfWidth);
    if (lane < 0) lane = ends.indexOf(Math.min(...ends));
    ends[lane] = x + halfWidth;
    out[i] = lane;
  }
  return out;
}
