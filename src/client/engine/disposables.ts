/** A bag of teardown functions, so a scene or screen releases every subscription it took in one call. */

/** Collects teardowns and runs them once, newest first. */
export class Disposables {
  private readonly items: Array<() => void> = [];

  /** Registers a teardown (an unsubscribe, a removeEventListener, a destroy) and returns it. */
  add(teardown: () => void): () => void {
    this.items.push(teardown);
    return teardown;
  }

  /** Runs and forgets every teardown; errors in one do not stop the others. */
  dispose(): void {
    while (this.items.length) {
      const teardown = this.items.pop()!;
      try {
        teardown();
      } catch (err) {
        console.error('teardown failed', err);
      }
    }
  }

  /** How many teardowns are pending (tests check nothing leaks). */
  get size(): number {
    return this.items.length;
  }
}
