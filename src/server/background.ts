/**
 * Work a request starts but does not wait for (the reset mail), so its answer takes the same time whatever
 * that work is. Tasks start after the current turn of the event loop, when the answer has been written
 * (or after a random delay, when even their moment must not line up with the request that caused them:
 * synchronous SQLite writes hold the event loop, and a request right behind would feel it); failures
 * are logged; closing the app waits for the ones still running.
 */

/** Runs deferred tasks and knows which are still running. */
export interface Background {
  /**
   * Starts `task` after the current I/O turn, or after a random delay below `jitterMs`; a failure is
   * logged under `name`.
   */
  defer(name: string, task: () => Promise<void>, jitterMs?: number): void;
  /** Resolves when every task deferred so far has finished. */
  idle(): Promise<void>;
}

/** The logging a background runner needs (pino's shape). */
export interface BackgroundLog {
  error(obj: object, msg: string): void;
}

/** A runner on the real event loop. */
export function createBackground(log: BackgroundLog): Background {
  const running = new Set<Promise<void>>();
  return {
    defer(name, task, jitterMs = 0) {
      const start = new Promise<void>((resolve) => (jitterMs > 0 ? setTimeout(resolve, Math.random() * jitterMs) : setImmediate(resolve)));
      const p = start
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
