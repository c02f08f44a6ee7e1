/**
 * The carried-over eidols' reservation order (last join, never joined first, then id) worked out in the
 * process, a slice at a time: SQLite has no index for that order, so one sorted statement held its serving
 * thread for over a second at 10^6 eidols. The rows are read by id instead, and sorted here in runs with a
 * turn of the event loop between them, then merged (`../../sortInRuns.ts`).
 */
import { mergeRuns, RUN } from '../../sortInRuns';

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

  const out = new Uint32Array(n);
  await mergeRuns(
    n,
    bounds,
    (i, j) => before(key, id, runs[i]!, runs[j]!),
    (o, i) => (out[o] = runs[i]!),
    pause,
  );
  return out;
}
