/** The numbers of presence and the room fan-out (spec 3 §7, FACTS.md "Realtime"). */

/** A master silent (no enter or walk) for longer than this is no longer present: the client re-enters every 60 s. */
export const PRESENCE_TIMEOUT_MS = 90_000;

/** Whether a master last seen at `seenAt` is present at `now`: the one boundary the sweep, likes, sends and speech share. */
export function seenRecently(seenAt: number, now: number): boolean {
  return seenAt > now - PRESENCE_TIMEOUT_MS;
}
/** A room's changes are gathered this long and go out as one `forumupd`. */
export const FANOUT_WINDOW_MS = 200;
/** The leader clears silent masters this often. */
export const PRESENCE_SWEEP_MS = 15_000;
/** Chat entries a player receives on entering and walking (the newest ones they can hear). */
export const CHAT_LOG_SIZE = 50;
/** A room's object list is rebuilt at least this often even without changes (masters fall silent, inscriptions end). */
export const SNAPSHOT_REFRESH_MS = 1_000;
