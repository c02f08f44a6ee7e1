/**
 * The one round-clock actor of the app, fed by $game and mirrored into $roundClock, running only while a
 * countdown is on screen (home, the eidol screen): each countdown retains it and releases it on unmount.
 */
import { atom, computed } from 'nanostores';
import { createActor, type Actor } from 'xstate';
import { roundClockMachine, roundClockView, type RoundClockView } from '../machines/roundClockMachine';
import { $game } from '../stores/game';
import { inspectOption } from './inspector';

/** The round clock's visible state (changes once a second while open). */
export const $roundClock = atom<RoundClockView>({ state: 'fetching', remainingMs: 0 });

/** The clock's state alone: changes when the round opens, locks or reloads, not every second. */
export const $roundClockState = computed($roundClock, (view) => view.state);

/** Whether joins are accepted now: changes only when the round opens or locks, not every second. */
export const $roundOpen = computed($roundClock, (view) => view.state === 'open');

let users = 0;
let running: { actor: Actor<typeof roundClockMachine>; teardown: () => void } | undefined;

/** Starts the clock if it is not running and returns the release; the last release stops it. */
export function retainRoundClock(now: () => number = () => Date.now()): () => void {
  users++;
  if (!running) {
    const actor = createActor(roundClockMachine, { input: { now }, ...inspectOption() });
    const sub = actor.subscribe((snapshot) => {
      const next = roundClockView(snapshot);
      const prev = $roundClock.get();
      if (next.state !== prev.state || next.remainingMs !== prev.remainingMs) $roundClock.set(next);
    });
    actor.start();
    const off = $game.subscribe((game) => actor.send({ type: 'GAME', game }));
    running = {
      actor,
      teardown: () => {
        off();
        sub.unsubscribe();
        actor.stop();
      },
    };
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--users === 0) {
      running?.teardown();
      running = undefined;
    }
  };
}
