/**
 * The world's notices with a seeded random and a hand-moved clock: the exact texts, one per type then held
 * back 1–5 minutes, inside a world everything but "some activity", nothing of the player's own, nothing 10 s after leaving, luv to the button or a 5 s toast.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atom } from 'nanostores';
import { mulberry32 } from '../../../../src/shared/mulberry32';
import { publishServerEvent } from '../../../../src/client/net/serverEvents';
import {
  followWorldNotices,
  LEAVE_LOCK_MS,
  LUV_MS,
  takeLuvNotices,
  THROTTLE_MAX_MS,
  THROTTLE_MIN_MS,
} from '../../../../src/client/net/worldNotices';

const seed = Number(process.env.TEST_SEED ?? Date.now() % 2 ** 31);
console.info(`worldNotices seed ${seed}`);

describe('worldNotices', () => {
  let nowMs: number;
  let toasts: Array<{ text: string; type: string; ms?: number }>;
  let room: ReturnType<typeof atom<number | null>>;
  let stop: () => void;
  let n = 0;
  const nonce = () => `wn${n++}`;

  beforeEach(() => {
    nowMs = 1_000_000;
    toasts = [];
    room = atom<number | null>(null);
    stop = followWorldNotices({
      random: mulberry32(seed),
      now: () => nowMs,
      toast: (text, type, ms) => void toasts.push({ text, type, ms }),
      room,
      ownName: () => 'Me',
    });
  });
  afterEach(() => stop());

  const yell = () =>
    publishServerEvent({
      event: 'forumyell',
      _nonce: nonce(),
      room: 1,
      ts: 1,
      chat: { id: 1, room: 1, channel: 0, content: 'hi', data: { name: 'Bo', title: '' } },
    });
  const incense = () =>
    publishServerEvent({ event: 'forumincense', _nonce: nonce(), room: 1, ts: 1, name: 'Bo', slot: 1, until: '2026-11-25 22:00:00' });

  it('shows each event with its exact text', () => {
    yell();
    incense();
    publishServerEvent({ event: 'forumcaravan', _nonce: nonce(), room: 1, ts: 1, name: 'Cy', returns_at: '2026-11-25 22:00:00' });
    publishServerEvent({ event: 'forumcaravanunpack', _nonce: nonce(), room: 1, ts: 1, name: 'Di', item_id: 3, caravan_items: 2 });
    publishServerEvent({
      event: 'forumscribe',
      _nonce: nonce(),
      room: 1,
      ts: 1,
      object: {
        id: 3,
        user_id: 2,
        type: 'scribe',
        name: 'Bo',
        coordinate: 12000,
        flip: false,
        skin_id: 1,
        puff: false,
        senator: false,
        patricius: false,
        data: { verse: 'x', votes: [], limit: '' },
      },
    });
    publishServerEvent({ event: 'forumupd', _nonce: nonce(), room: 1, ts: 2, data: [], removed: [], chat: [] });
    expect(toasts.map((t) => t.text)).toEqual([
      'Someone yelling at the Forum!',
      'Bo burning incense at the Forum!',
      'Cy sent Caravan to restock shop items.',
      'Di unpacks the item from Caravan!',
      'Inscription is put at the Forum!',
      'There is some activity at the Forum',
    ]);
    expect(new Set(toasts.map((t) => t.type)).size).toBe(6);
  });

  it('holds a type back for a random 1–5 minutes, others not', () => {
    yell();
    nowMs += THROTTLE_MIN_MS - 1;
    yell();
    incense();
    expect(toasts.map((t) => t.text)).toEqual(['Someone yelling at the Forum!', 'Bo burning incense at the Forum!']);
    // Somewhere in 1–5 minutes the hold ends: find when, by the minute.
    let waited = THROTTLE_MIN_MS - 1;
    while (toasts.length === 2 && waited <= THROTTLE_MAX_MS) {
      nowMs += 1_000;
      waited += 1_000;
      yell();
    }
    expect(toasts).toHaveLength(3);
    expect(waited).toBeGreaterThanOrEqual(THROTTLE_MIN_MS);
    expect(waited).toBeLessThanOrEqual(THROTTLE_MAX_MS + 1_000);
  });

  it('inside a world shows a yell but not "some activity"; nothing for 10 s after leaving it', () => {
    room.set(1);
    publishServerEvent({ event: 'forumupd', _nonce: nonce(), room: 1, ts: 2, data: [], removed: [], chat: [] });
    incense();
    expect(toasts.map((t) => t.text)).toEqual(['Bo burning incense at the Forum!']);
    room.set(null);
    nowMs += LEAVE_LOCK_MS - 1;
    yell();
    expect(toasts).toHaveLength(1);
    nowMs += 1;
    yell();
    expect(toasts.map((t) => t.text)).toEqual(['Bo burning incense at the Forum!', 'Someone yelling at the Forum!']);
  });

  it("raises no notice of the player's own doings", () => {
    publishServerEvent({ event: 'forumincense', _nonce: nonce(), room: 1, ts: 1, name: 'Me', slot: 2, until: '2026-11-25 22:00:00' });
    expect(toasts).toHaveLength(0);
    incense();
    expect(toasts).toHaveLength(1);
  });

  it('sends a luv to the world screen while it takes them, else a 5 s toast, never held back', () => {
    const luvs: string[] = [];
    const release = takeLuvNotices((name) => void luvs.push(name));
    publishServerEvent({ event: 'forumlike', _nonce: nonce(), id: 7, id_from: 8, name_from: 'Bo' });
    release();
    publishServerEvent({ event: 'forumlike', _nonce: nonce(), id: 7, id_from: 8, name_from: 'Bo' });
    publishServerEvent({ event: 'forumlike', _nonce: nonce(), id: 7, id_from: 9, name_from: 'Cy' });
    expect(luvs).toEqual(['Bo']);
    expect(toasts).toEqual([
      { text: 'Bo luves you!', type: 'world:forumlike', ms: LUV_MS },
      { text: 'Cy luves you!', type: 'world:forumlike', ms: LUV_MS },
    ]);
  });
});
