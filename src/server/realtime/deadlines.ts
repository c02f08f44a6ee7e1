/**
 * One timer for many deadlines: a min-heap of (time, item) with a single clock timer armed for the
 * earliest. Every subscribed socket has a session expiry to recheck; a timer per socket cost each one a
 * timer object, its closures and (durations all differing) a timer list of its own in Node.
 */
import type { Clock, ClockTimer } from '../clock';

/** Longest delay a timer takes (Node's limit); a later deadline is armed again when it comes up. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Entry<T> {
  at: number;
  item: T;
  /** Order of setting, so equal times come due in the order they were set. */
  seq: number;
}

/** Deadlines of items on a clock: `onDue(item)` runs once when an item's time comes. */
export class Deadlines<T> {
  private readonly heap: Entry<T>[] = [];
  private readonly current = new Map<T, Entry<T>>();
  private timer: ClockTimer | undefined;
  private armedAt = Infinity;
  private seq = 0;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (item: T) => void,
  ) {}

  /** Sets (or moves) the deadline of `item` to `at`. */
  set(item: T, at: number): void {
    const entry = { at, item, seq: this.seq++ };
    // The old entry stays in the heap and is skipped when it surfaces (no longer current).
    this.current.set(item, entry);
    this.push(entry);
    if (at < this.armedAt) this.arm();
  }

  /** Removes the deadline of `item`, if any. */
  delete(item: T): void {
    this.current.delete(item);
    // Mostly-stale heaps are rebuilt so a churn of sockets does not grow it without bound.
    if (this.heap.length > 64 && this.heap.length > 2 * this.current.size) this.rebuild();
  }

  /** Items with a deadline (for tests). */
  get size(): number {
    return this.current.size;
  }

  private arm(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.armedAt = Infinity;
    this.dropStale();
    const first = this.heap[0];
    if (!first) return;
    this.armedAt = first.at;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, first.at - this.clock.now()));
    this.timer = this.clock.setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Infinity;
    const now = this.clock.now();
    for (;;) {
      this.dropStale();
      const first = this.heap[0];
      if (!first || first.at > now) break;
      this.pop();
      this.current.delete(first.item);
      this.onDue(first.item);
    }
    if (this.armedAt === Infinity) this.arm();
  }

  private dropStale(): void {
    while (this.heap.length > 0 && this.current.get(this.heap[0]!.item) !== this.heap[0]) this.pop();
  }

  private rebuild(): void {
    this.heap.length = 0;
    // A sorted array is a heap.
    for (const entry of [...this.current.values()].sort((a, b) => a.at - b.at || a.seq - b.seq)) this.heap.push(entry);
  }

  private push(entry: Entry<T>): void {
    const h = this.heap;
    let i = h.push(entry) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l]!, h[m]!)) m = l;
      if (r < h.length && before(h[r]!, h[m]!)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}

function before<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
