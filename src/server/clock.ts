/**
 * The one source of time for server code: production reads the system clock and its timers, tests move a
 * manual one whose timers fire as it advances. Domain code, the ledger and periodic jobs take a `Clock`
 * and never call `Date.now()` or `setTimeout` themselves, so a test can step through hours in a moment.
 */

/** A timer started by a clock; `cancel` is idempotent. */
export interface ClockTimer {
  cancel(): void;
}

/** Current time in epoch milliseconds, plus timers measured on the same clock. */
export interface Clock {
  now(): number;
  /** Runs `fn` once, `ms` from now. The timer does not keep the process alive. */
  setTimeout(fn: () => void, ms: number): ClockTimer;
  /** Runs `fn` every `ms`. The timer does not keep the process alive. */
  setInterval(fn: () => void, ms: number): ClockTimer;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
  setInterval(fn, ms) {
    const t = setInterval(fn, ms);
    t.unref();
    return { cancel: () => clearInterval(t) };
  },
};

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  /** Moves to `ms` (never backwards past a due timer: timers due by then fire in order). */
  set(ms: number): void;
  /** Moves forward by `ms`, firing every timer that falls due on the way, in time order. */
  advance(ms: number): void;
  /** Timers still scheduled. */
  pendingTimers(): number;
}

interface Scheduled {
  at: number;
  seq: number;
  every: number | undefined;
  fn: () => void;
}

/** A clock that stands still at `start` until told to move. */
export function manualClock(start: number = Date.UTC(2026, 0, 1)): ManualClock {
  let t = start;
  let seq = 0;
  const timers = new Set<Scheduled>();
  const schedule = (fn: () => void, ms: number, every: number | undefined): ClockTimer => {
    const s: Scheduled = { at: t + Math.max(0, ms), seq: seq++, every, fn };
    timers.add(s);
    return { cancel: () => void timers.delete(s) };
  };
  const moveTo = (target: number) => {
    // Fire due timers one at a time, earliest first, with the clock reading each timer's own time, so a
    // callback that schedules another sees a consistent now.
    for (;;) {
      let next: Scheduled | undefined;
      for (const s of timers) if (s.at <= target && (!next || s.at < next.at || (s.at === next.at && s.seq < next.seq))) next = s;
      if (!next) break;
      t = Math.max(t, next.at);
      if (next.every === undefined) timers.delete(next);
      else {
        next.at += Math.max(1, next.every);
        next.seq = seq++;
      }
      next.fn();
    }
    t = Math.max(t, target);
  };
  return {
    now: () => t,
    setTimeout: (fn, ms) => schedule(fn, ms, undefined),
    setInterval: (fn, ms) => schedule(fn, ms, ms),
    set: (ms) => {
      if (ms < t) t = ms;
      else moveTo(ms);
    },
    advance: (ms) => moveTo(t + ms),
    pendingTimers: () => timers.size,
  };
}
