/**
 * Sorting a million values without holding the event loop: runs of a few thousand sorted natively, then a k-way
 * merge, with a `pause` between runs and merge slices. One native sort of 10^6 values held the loop for
 * 100–250 ms (a round's emission ties, its owners, the ledger's lock order); a run stays a few milliseconds.
 */

/** Values per natively sorted run. */
export const RUN = 16_384;
/** Values merged between pauses. */
const MERGE_SLICE = 8_192;

/**
 * Merges the sorted runs of positions 0 … n−1 (run r spans `bounds[r]` up to the next bound): `less(i, j)` orders
 * two positions, `emit(o, i)` takes the o-th smallest position. A binary heap of runs, ordered by their heads.
 */
export async function mergeRuns(
  n: number,
  bounds: readonly number[],
  less: (i: number, j: number) => boolean,
  emit: (o: number, i: number) => void,
  pause: () => Promise<void>,
): Promise<void> {
  const heads = bounds.slice();
  const ends = bounds.map((b, r) => (r + 1 < bounds.length ? bounds[r + 1]! : n));
  const heap = bounds.map((_, r) => r);
  const before = (r: number, s: number) => less(heads[r]!, heads[s]!);
  const down = (at: number) => {
    for (;;) {
      const l = 2 * at + 1;
      if (l >= heap.length) return;
      const c = l + 1 < heap.length && before(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!before(heap[c]!, heap[at]!)) return;
      [heap[c], heap[at]] = [heap[at]!, heap[c]!];
      at = c;
    }
  };
  for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) down(i);
  for (let o = 0; o < n; o++) {
    const r = heap[0]!;
    emit(o, heads[r]!);
    heads[r]! += 1;
    if (heads[r] === ends[r]) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
    if ((o & (MERGE_SLICE - 1)) === MERGE_SLICE - 1) await pause();
  }
}

/** A sorted copy of `values` (ascending, as a typed array's own `sort`), sorted in runs and merged between pauses. */
export async function sortedInRuns<T extends Float64Array | BigInt64Array>(values: T, pause: () => Promise<void>, run = RUN): Promise<T> {
  const runs = values.slice() as T;
  const n = runs.length;
  const bounds: number[] = [];
  for (let from = 0; from < n; from += run) {
    runs.subarray(from, Math.min(n, from + run)).sort();
    bounds.push(from);
    await pause();
  }
  if (bounds.length <= 1) return runs;
  const out = values.slice() as T;
  await mergeRuns(
    n,
    bounds,
    (i, j) => runs[i]! < runs[j]!,
    (o, i) => (out[o] = runs[i]!),
    pause,
  );
  return out;
}
