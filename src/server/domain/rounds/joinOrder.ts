/**
 * The carried-over eidols' reservation order (last join, never joined first, then id) worked out in the
 * process, a slice at a time: SQLite has no index for that order, so one sorted statement held its serving
 * thread for over a second at 10^6 eidols. The rows are read by id instead, and sorted here in runs with a
 * turn of the event loop between them, then merged.
 */

/** Rows sorted per run: one run's sort stays a few milliseconds. */
const RUN = 16_384;
/** Rows merged between turns of the loop. */
const MERGE_SLICE = 8_192;

/** Row `a` before row `b`: by join time (-1 for never joined), then by id. */
const before = (key: ArrayLike<number>, id: ArrayLike<number>, a: number, b: number) =>
  key[a]! < key[b]! || (key[a]! === key[b]! && id[a]! < id[b]!);

/** The row indices 0 … n−1 in (key, id) order; pauses between runs and merge slices. */
export async function joinOrder(
  key: ArrayLike<number>,
  id: ArrayLike<number>,
  pause: () => Promise<void>,
  run = RUN,
): Promise<Uint32Array> {
  const n = key.length;
  const runs = new Uint32Array(n);
  for (let i = 0; i < n; i++) runs[i] = i;
  const bounds: number[] = [];
  for (let from = 0; from < n; from += run) {
    const to = Math.min(n, from + run);
    runs.subarray(from, to).sort((a, b) => (before(key, id, a, b) ? -1 : before(key, id, b, a) ? 1 : 0));
    bounds.push(from);
    await pause();
  }
  if (bounds.length <= 1) return runs;

  // A k-way merge over the runs' heads: a binary heap of run numbers, ordered by their head rows.
  const heads = bounds.slice();
  const ends = bounds.map((b, r) => (r + 1 < bounds.length ? bounds[r + 1]! : n));
  const heap = bounds.map((_, r) => r);
  const less = (r: number, s: number) => before(key, id, runs[heads[r]!]!, runs[heads[s]!]!);
  const down = (at: number) => {
    for (;;) {
      const l = 2 * at + 1;
      if (l >= heap.length) return;
      const c = l + 1 < heap.length && less(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!less(heap[c]!, heap[at]!)) return;
      [heap[c], heap[at]] = [heap[at]!, heap[c]!];
      at = c;
    }
  };
  for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) down(i);
  const out = new Uint32Array(n);
  for (let o = 0; o < n; o++) {
    const r = heap[0]!;
    out[o] = runs[heads[r]!]!;
    heads[r]! += 1;
    if (heads[r] === ends[r]) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
    if ((o & (MERGE_SLICE - 1)) === MERGE_SLICE - 1) await pause();
  }
  return out;
}
