/** Which eidol /eidol shows, when the round is locked, which actions it offers and which frame it draws. */
import { describe, expect, it } from 'vitest';
import { eidolActions, eidolFrameFor, eidolPrecision, roundLocked, selectedEidol } from '../../../../../src/client/game/eidol/eidolStatus';
import { makeEidol, makeGame } from './fixtures';

const ids = (actions: ReturnType<typeof eidolActions>) => actions.map((a) => `${a.id}${a.enabled ? '' : '(off)'}`);

describe('eidol screen status', () => {
  it('shows the selected eidol, else the first', () => {
    const game = makeGame([makeEidol({ id: 1 }), makeEidol({ id: 2 })]);
    expect(selectedEidol(game, 2)?.id).toBe(2);
    expect(selectedEidol(game, 99)?.id).toBe(1);
    expect(selectedEidol(makeGame([]), 1)).toBeNull();
    expect(selectedEidol(null, 1)).toBeNull();
  });

  it('locks the round from can_act_before on (server time)', () => {
    const game = makeGame([], '2026-01-01 10:00:00');
    const at = Date.parse('2026-01-01T10:00:00Z');
    expect(roundLocked(game, at - 1)).toBe(false);
    expect(roundLocked(game, at)).toBe(true);
    expect(roundLocked(null, at)).toBe(true);
  });

  it('adds one precision level while the apple runs', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(eidolPrecision(makeEidol({ data: { greedy: 0, precise: 2, apple: '2026-01-01 11:00:00' } }), now)).toBe(3);
    expect(eidolPrecision(makeEidol({ data: { greedy: 0, precise: 2, apple: '2026-01-01 09:00:00' } }), now)).toBe(2);
  });

  it('offers Pop for a non-egg with value, Transmute at 11, Transmute Eggtoplasm when full, Confirm Loss at 0', () => {
    expect(ids(eidolActions(makeEidol(), 1, false))).toEqual(['pop']);
    expect(ids(eidolActions(makeEidol({ level: 11 }), 1, false))).toEqual(['pop', 'transmute']);
    expect(ids(eidolActions(makeEidol({ type: 'ectoplasm', experience: 24 }), 1, false))).toEqual(['pop', 'transmuteEcto']);
    expect(ids(eidolActions(makeEidol({ type: 'ectoplasm', experience: 3 }), 1, false))).toEqual(['pop(off)']);
    expect(ids(eidolActions(makeEidol({ type: 'egg' }), 0, false))).toEqual([]);
    expect(ids(eidolActions(makeEidol({ value: '0' }), 1, false))).toEqual(['confirmLoss']);
    expect(ids(eidolActions(null, -1, false))).toEqual(['buyEgg']);
  });

  it('disables every action while the round or the eidol is locked', () => {
    expect(ids(eidolActions(makeEidol({ level: 11 }), 1, true))).toEqual(['pop(off)', 'transmute(off)']);
    expect(ids(eidolActions(makeEidol({ is_locked: true }), 1, false))).toEqual(['pop(off)']);
    expect(ids(eidolActions(makeEidol({ value: '0' }), 1, true))).toEqual(['confirmLoss(off)']);
  });

  it('draws the loss sprite at 0, the egg tier by hatch value, the eggtoplasm fill, else the skin', () => {
    expect(eidolFrameFor(makeEidol({ value: '0' }))).toBe('eidol-loss');
    expect(eidolFrameFor(makeEidol({ type: 'egg', maxValue: '400' }))).toBe('egg2');
    expect(eidolFrameFor(makeEidol({ type: 'egg', maxValue: '1000' }))).toBe('egg4');
    expect(eidolFrameFor(makeEidol({ type: 'egg', maxValue: '100' }))).toBe('egg1');
    expect(eidolFrameFor(makeEidol({ type: 'ectoplasm', experience: 12, next_level_experience: 24 }))).toBe('eggtoplasm-2');
    expect(eidolFrameFor(makeEidol({ id: 4, rarity: 'epic', collection: 'spooky' }))).toMatch(/^eidol-spooky-epic-[123]$/);
  });
});
