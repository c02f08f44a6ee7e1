/** game_ended → the next $game refresh → pop-ups and one sound; nothing without a round end. */
import { afterEach, describe, expect, it } from 'vitest';
import { atom } from 'nanostores';
import type { GameState } from '../../../../../src/client/stores/game';
import { $roundPopups, dismissPopup, watchRoundPopups } from '../../../../../src/client/game/eidol/roundPopupWatcher';
import { makeEidol, makeGame } from './fixtures';

function setup() {
  const game = atom<GameState>({
    status: 'ready',
    game: makeGame([makeEidol({ id: 1 }), makeEidol({ id: 2, experience: 23 })]),
    clockOffsetMs: 0,
  });
  let fire: () => void = () => {};
  const played: string[] = [];
  const stop = watchRoundPopups({ onGameEnded: (h) => ((fire = h), () => (fire = () => {})), game, play: (s) => played.push(s) });
  return { game, played, stop, end: () => fire() };
}

afterEach(() => $roundPopups.set([]));

describe('watchRoundPopups', () => {
  it('diffs the eidols across the round end and plays the level-up sound first', () => {
    const { game, played, end, stop } = setup();
    end();
    game.set({
      ...game.get(),
      game: makeGame([makeEidol({ id: 1, value: '90', experience: 7 }), makeEidol({ id: 2, level: 2, experience: 1 })], undefined, {
        id: 11,
      }),
    });
    expect($roundPopups.get().map((p) => p.text)).toEqual(['-10 ANGLS', '+2 XP', '+2 XP']);
    expect(played).toEqual(['levelup']);
    dismissPopup($roundPopups.get()[0]!.key);
    expect($roundPopups.get()).toHaveLength(2);
    stop();
  });

  it('ignores $game changes that do not follow a round end, and diffs only once per round', () => {
    const { game, played, end, stop } = setup();
    game.set({ ...game.get(), game: makeGame([makeEidol({ id: 1, value: '200' })]) });
    expect($roundPopups.get()).toEqual([]);
    end();
    game.set({ ...game.get(), game: makeGame([makeEidol({ id: 1, value: '250' })]) });
    game.set({ ...game.get(), game: makeGame([makeEidol({ id: 1, value: '300' })]) });
    expect($roundPopups.get().map((p) => p.text)).toEqual(['+50 ANGLS']);
    expect(played).toEqual(['coin']);
    stop();
  });
});
