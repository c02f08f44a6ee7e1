/**
 * Per-player sequence numbers: each message to a player carries one more than the last. Counters live in
 * memory for players with a subscribed socket; a player with none starts again at 0 on the next
 * subscribe, whose answer tells the client the current number, so the client never sees a false gap.
 */

/** The sequence counters of subscribed players. */
export class Sequences {
  private readonly last = new Map<number, number>();

  /** The player's current (last sent) number. */
  current(userId: number): number {
    return this.last.get(userId) ?? 0;
  }

  /** The number for the player's next message (and records it). */
  next(userId: number): number {
    const n = this.current(userId) + 1;
    this.last.set(userId, n);
    return n;
  }

  /** Forgets a player whose last socket left. */
  forget(userId: number): void {
    this.last.delete(userId);
  }
}
