/**
 * Turns a settled round into pop-ups: on `game_ended` it remembers the eidols as `$game` holds them, and at
 * the next change of `$game` (the game sync's refresh) diffs them (roundPopups.ts), publishes the pop-ups
 * to `$roundPopups` and plays one sound (level-up over coin over loss). The HUD shows and expires them.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { EidolView } from '../../../shared/api/game';
import type { GameState } from '../../stores/game';
import { roundPopups, type RoundPopup } from './roundPopups';

/** A shown pop-up with its key. */
export interface ShownPopup extends RoundPopup {
  key: number;
}

/** Pop-ups on screen; the HUD removes each after 15 s. */
export const $roundPopups = atom<ShownPopup[]>([]);

/** What the watcher listens to and plays through (the app passes the socket bus, `$game` and howler). */
export interface PopupWatcherDeps {
  onGameEnded(handler: () => void): () => void;
  game: ReadableAtom<GameState>;
  play(sound: 'coin' | 'loss' | 'levelup'): void;
}

let nextKey = 1;

/** Removes one pop-up (its 15 s are over). */
export function dismissPopup(key: number): void {
  $roundPopups.set($roundPopups.get().filter((p) => p.key !== key));
}

/** Starts watching; returns the teardown. */
export function watchRoundPopups(deps: PopupWatcherDeps): () => void {
  let before: readonly EidolView[] | null = null;
  const stopEvent = deps.onGameEnded(() => {
    before = deps.game.get().game?.oogles ?? null;
  });
  const stopGame = deps.game.listen((state) => {
    if (!before || !state.game) return;
    const popups = roundPopups(before, state.game.oogles);
    before = null;
    if (popups.length === 0) return;
    $roundPopups.set([...$roundPopups.get(), ...popups.map((p) => ({ ...p, key: nextKey++ }))]);
    const sounds = popups.map((p) => p.sound);
    const sound = (['levelup', 'coin', 'loss'] as const).find((s) => sounds.includes(s));
    if (sound) deps.play(sound);
  });
  return () => {
    stopEvent();
    stopGame();
  };
}
