// @vitest-environment jsdom
/**
 * The pop-up lane: each pop-up names its eidol (two eidols' "+2 XP" / "+1 XP" no longer read alike), and the
 * lane sits in the eidol screen's flow under the eidol, ahead of the countdown and the risk readout, not over
 * them (its placement on a real phone is checked by tests/e2e/round.spec.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../machines/fixtures';
import { makeEidol, makeGame } from '../../game/eidol/fixtures';
import { render, type Mounted } from '../render';

vi.mock('../../../../../src/client/net/eidolApi', () => ({
  eidolApi: {
    join: async () => ({ ok: true, status: 200, data: null, message: '' }),
    transactions: async () => ({ ok: true, status: 200, data: [], message: '' }),
    numbers: async () => ({ ok: true, status: 200, data: [], message: '' }),
    confirmLoss: async () => ({ ok: true, status: 200, data: null, message: '' }),
  },
}));

import { RoundPopupLayer, popupLabel } from '../../../../../src/client/hud/components/eidol/RoundPopupLayer';
import EidolScreen from '../../../../../src/client/hud/screens/EidolScreen';
import { $roundPopups } from '../../../../../src/client/game/eidol/roundPopupWatcher';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';

let screen: Mounted;
afterEach(() => {
  screen?.unmount();
  $roundPopups.set([]);
});

const twoEidols = () => [
  makeEidol({ id: 1, skin: { collection: 'basic', image: '', name: 'Forum Owl' } }),
  makeEidol({ id: 2, type: 'egg' }),
];

describe('RoundPopupLayer', () => {
  it('labels each pop-up with its eidol', async () => {
    $game.set({ status: 'ready', game: makeGame(twoEidols()), clockOffsetMs: 0 });
    $roundPopups.set([
      { key: 1, eidolId: 1, kind: 'coin', text: '+101.93869156 ANGLS', tone: 'gain', sound: 'coin' },
      { key: 2, eidolId: 1, kind: 'xp', text: '+2 XP', tone: 'gain', sound: null },
      { key: 3, eidolId: 2, kind: 'xp', text: '+1 XP', tone: 'gain', sound: null },
    ]);
    screen = await render(<RoundPopupLayer />);
    const items = [...screen.container.querySelectorAll('[data-testid="round-popup"]')].map((li) => li.textContent);
    expect(items).toEqual(['↑ Forum Owl: +101.93869156 ANGLS', '↑ Forum Owl: +2 XP', '↑ Eidol Egg: +1 XP']);
  });

  it('falls back to the change alone when the eidol is no longer in the game', () => {
    expect(popupLabel({ eidolId: 9, text: '-3 ANGLS' }, twoEidols())).toBe('-3 ANGLS');
  });

  it('is a lane in the eidol screen right under the eidol band, before the countdown and the risk readout', async () => {
    $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
    $game.set({ status: 'ready', game: makeGame(twoEidols()), clockOffsetMs: 0 });
    $selectedEidolId.set(1);
    screen = await render(<EidolScreen />);
    const main = screen.container.querySelector('[data-testid="screen-eidol"]')!;
    const order = [...main.children].map((c) => c.getAttribute('data-testid') ?? c.className);
    const lane = order.indexOf('round-popups');
    expect(lane).toBe(order.indexOf('eidol-band') + 1);
    expect(order.indexOf('round-countdown')).toBe(lane + 1);
    // Nothing else in the screen holds a second pop-up layer on top of the controls.
    expect(screen.container.querySelectorAll('[data-testid="round-popups"]')).toHaveLength(1);
  });
});
