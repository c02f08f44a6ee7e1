/**
 * The Forum's activity notices (spec 3 §8, §9), in one place: each event's toast, at most one per type
 * shown and then held back for a random 1–5 minutes, none of the player's own doings, none for 10 s after
 * leaving a world. Inside a world the notices still show (a yell or an incense is announced to the whole
 * lane, most of which is off screen) except "some activity", which the player sees happen. "{name} luves you!" is personal: it goes to the world screen's
 * action button while one is shown, else it is a 5 s toast, never held back.
 */
import { t } from '../i18n/t';
import { $worldRoom } from '../game/world/worldStores';
import { $session } from '../stores/session';
import { showToast } from '../stores/toasts';
import { onServerEvent } from './serverEvents';

/** Notice texts by event (spec 3 §8; `{name}` is the acting player). */
export const NOTICE_TEXTS = {
  forumyell: () => t.notices.forumyell,
  forumlike: t.notices.forumlike,
  forumincense: t.notices.forumincense,
  forumcaravan: t.notices.forumcaravan,
  forumcaravanunpack: t.notices.forumcaravanunpack,
  forumscribe: () => t.notices.forumscribe,
  forumupd: () => t.notices.forumupd,
} as const;

/** A notice's event. */
export type NoticeEvent = keyof typeof NOTICE_TEXTS;

/** Shortest and longest hold after a notice of a type (spec 3 §9: random 1 to 5 minutes). */
export const THROTTLE_MIN_MS = 60_000;
/** See THROTTLE_MIN_MS. */
export const THROTTLE_MAX_MS = 300_000;
/** Notices stay locked this long after leaving a world (spec 3 §9). */
export const LEAVE_LOCK_MS = 10_000;
/** A luv toast's life (spec 3 §9). */
export const LUV_MS = 5_000;

/** What the notices need; tests pass a seeded random, their clock, a toast spy and a room store. */
export interface WorldNoticeDeps {
  random?: () => number;
  now?: () => number;
  toast?: (text: string, type: string, ms?: number) => void;
  /** The room on screen (null outside the worlds). */
  room?: { get(): number | null; listen(cb: (room: number | null) => void): () => void };
  /** The player's own name (its own doings raise no notice). */
  ownName?: () => string | undefined;
}

let luvListener: ((name: string) => void) | null = null;

/** The world screen takes luv notices while shown (its action button shows them); returns the release. */
export function takeLuvNotices(listener: (name: string) => void): () => void {
  luvListener = listener;
  return () => {
    if (luvListener === listener) luvListener = null;
  };
}

/** Starts the notices; returns the teardown. */
export function followWorldNotices(deps: WorldNoticeDeps = {}): () => void {
  const random = deps.random ?? Math.random;
  const now = deps.now ?? (() => Date.now());
  const toast = deps.toast ?? ((text, type, ms) => void showToast(text, { type, ms }));
  const room = deps.room ?? $worldRoom;
  const ownName = deps.ownName ?? (() => $session.get().user?.name);
  // Until when each type is held back, and when the last world was left.
  const heldUntil = new Map<NoticeEvent, number>();
  let lockedUntil = 0;
  let wasIn = room.get() !== null;

  const offRoom = room.listen((r) => {
    if (wasIn && r === null) lockedUntil = now() + LEAVE_LOCK_MS;
    wasIn = r !== null;
  });

  function notice(event: Exclude<NoticeEvent, 'forumlike'>, text: string, actor?: string): void {
    const t = now();
    if (actor !== undefined && actor === ownName()) return;
    if ((event === 'forumupd' && room.get() !== null) || t < lockedUntil || t < (heldUntil.get(event) ?? 0)) return;
    heldUntil.set(event, t + THROTTLE_MIN_MS + Math.floor(random() * (THROTTLE_MAX_MS - THROTTLE_MIN_MS + 1)));
    toast(text, `world:${event}`);
  }

  const offs = [
    onServerEvent('forumyell', (m) => notice('forumyell', NOTICE_TEXTS.forumyell(), m.chat.data.name)),
    onServerEvent('forumincense', (m) => notice('forumincense', NOTICE_TEXTS.forumincense(m.name), m.name)),
    onServerEvent('forumcaravan', (m) => notice('forumcaravan', NOTICE_TEXTS.forumcaravan(m.name), m.name)),
    onServerEvent('forumcaravanunpack', (m) => notice('forumcaravanunpack', NOTICE_TEXTS.forumcaravanunpack(m.name), m.name)),
    onServerEvent('forumscribe', (m) => notice('forumscribe', NOTICE_TEXTS.forumscribe(), m.object.name)),
    onServerEvent('forumupd', () => notice('forumupd', NOTICE_TEXTS.forumupd())),
    onServerEvent('forumlike', (m) => {
      if (luvListener) luvListener(m.name_from);
      else toast(NOTICE_TEXTS.forumlike(m.name_from), 'world:forumlike', LUV_MS);
    }),
  ];
  return () => {
    offRoom();
    for (const off of offs) off();
  };
}

let following: (() => void) | undefined;

/** Follows for the app's lifetime (called once at boot; later calls keep the one follower). */
export function startWorldNotices(): void {
  following ??= followWorldNotices();
}
