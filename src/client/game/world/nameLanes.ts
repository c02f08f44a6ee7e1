/**
 * Name lanes, headless: masters standing close print their names under their feet at the same height, so
 * the names ran over each other (Forum and Ditch). Going left to right, each name takes the first lane (a
 * row under the feet) whose last name ends, with a gap, before it starts; past the last lane it takes the
 * lane that frees first, so a dense crowd overlaps as little as it can. Plain loops, no closure or spread per
 * name: the scene runs it over the screenful a few times a second.
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

/** The lane (0 = right under the feet) of each name, in the order given; `out` is reused when passed. */
export function nameLanes(names: readonly NameSpan[], lanes = NAME_LANES, gap = NAME_GAP, out: number[] = []): number[] {
  const n = names.length;
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => names[a]!.x - names[b]!.x);
  const ends = new Array<number>(lanes).fill(-Infinity);
  out.length = n;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const { x, halfWidth } = names[i]!;
    // The first lane free before this name starts; else the one that frees first.
    let lane = -1;
    let soonest = 0;
    for (let l = 0; l < lanes; l++) {
      const end = ends[l]!;
      if (end + gap <= x - halfWidth) {
        lane = l;
        break;
      }
      if (end < ends[soonest]!) soonest = l;
    }
    if (lane < 0) lane = soonest;
    ends[lane] = x + halfWidth;
    out[i] = lane;
  }
  return out;
}
