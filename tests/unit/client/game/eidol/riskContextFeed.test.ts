/**
 * The risk control's one context writer: it follows the game, the selected eidol, the player's level and
 * the round clock, and stops when told.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { atom } from 'nanostores';
import { RiskAngleControl } from '../../../../../src/client/game/eidol/riskAngleControl';
import { feedRiskContext } from '../../../../../src/client/game/eidol/riskContextFeed';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { makeUser } from '../../machines/fixtures';
import { makeEidol, makeGame } from './fixtures';

const now = Date.parse('2026-01-01T10:00:00Z');
const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('feedRiskContext', () => {
  it('writes the context at once and on every change of game, eidol, level or round clock, until stopped', () => {
    const control = new RiskAngleControl({ now: () => now, bid: () => {} });
    let clockNow = now;
    const open = atom(true);
    $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
    $game.set({
      status: 'ready',
      game: makeGame([makeEidol({ id: 5, multiplier: 1.5 }), makeEidol({ id: 6, multiplier: 1 })], '2026-01-01 10:05:00'),
      clockOffsetMs: 0,
    });
    $selectedEidolId.set(5);
    const stop = feedRiskContext(control, { now: () => clockNow }, open);
    stops.push(stop);
    expect(control.canBid()).toBe(true);
    expect(control.theta).toBe(45);

    $selectedEidolId.set(6);
    expect(control.theta).toBe(0);

    $session.set({ status: 'user', user: makeUser({ level: -1 }), authError: false });
    expect(control.canBid()).toBe(false);
    $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
    expect(control.canBid()).toBe(true);

    // Bidding closes with no store change but the round clock's.
    clockNow = Date.parse('2026-01-01T10:05:01Z');
    open.set(false);
    expect(control.canBid()).toBe(false);

    stop();
    clockNow = now;
    $selectedEidolId.set(5);
    expect(control.theta).toBe(0);
    expect(control.canBid()).toBe(false);
  });
});
