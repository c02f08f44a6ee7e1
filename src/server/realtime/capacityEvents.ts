/**
 * The live "room left" of a round (`capacity` to everyone): joins change it many times a second in a busy
 * round, so announcements are throttled — the first change is sent at once, later ones at most once per
 * interval, always the newest state — and a client that misses one still reads it from `GET /api/game`.
 */
import type { Clock, ClockTimer } from '../clock';
import type { RoundCapacityState } from '../domain/eidols/joinRound';
import { angls } from '../domain/eidols/eidolView';
import type { Realtime } from './gateway';

/** The shortest time between two capacity announcements of one node. */
export const CAPACITY_EVENT_INTERVAL_MS = 1000;

/** Announces capacity changes, throttled; `close` drops a pending one. */
export interface CapacityAnnouncer {
  changed(state: RoundCapacityState): void;
  close(): void;
}

/** A throttled announcer sending through `realtime`. */
export function createCapacityAnnouncer(
  realtime: Pick<Realtime, 'broadcast'>,
  clock: Clock,
  intervalMs = CAPACITY_EVENT_INTERVAL_MS,
): CapacityAnnouncer {
  let latest: RoundCapacityState | undefined;
  let lastSent = -Infinity;
  let timer: ClockTimer | undefined;
  const send = () => {
    timer = undefined;
    if (!latest) return;
    const s = latest;
    latest = undefined;
    lastSent = clock.now();
    realtime.broadcast('capacity', {
      game_id: s.roundId,
      capacity: angls(s.capacity),
      capacity_left: angls(s.capacity - s.reserved),
      ts: lastSent,
    });
  };
  return {
    changed(state) {
      latest = state;
      if (timer) return;
      const wait = lastSent + intervalMs - clock.now();
      if (wait <= 0) send();
      else timer = clock.setTimeout(send, wait);
    },
    close() {
      timer?.cancel();
      timer = undefined;
      latest = undefined;
    },
  };
}
