/**
 * Work a request starts but does not wait for (the reset mail), so its answer takes the same time whatever
 * that work is. Tasks start after the current turn of the event loop, when the answer has been written;
 * failures are logged; closing the app waits for the ones still running.
 */

/** Runs deferred tasks and knows which are still running. */
export interface Background {
  /** Starts `task` after the current I/O turn; a failure is logged under `name`. */
  defer(name: string, task: () => Promise<void>): void;
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
    defer(name, task) {
      const p = new Promise<void>((resolve) => setImmediate(resolve))
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
