/** A master's object with its walking rights read again: the flags and the coordinate they allow. */
import { describe, expect, it } from 'vitest';
import type { WorldObject } from '../../../../src/shared/api/rooms';
import { withFlags } from '../../../../src/server/domain/world/masterFlags';

function master(coordinate: number, flags: Partial<Pick<WorldObject, 'senator' | 'patricius' | 'puff'>> = {}): WorldObject {
  return {
    id: 1,
    user_id: 10,
    type: 'master',
    name: 'p',
    coordinate,
    flip: true,
    skin_id: 1,
    puff: false,
    senator: false,
    patricius: false,
    ...flags,
    data: { verse: 'v', votes: [], limit: '' },
  };
}
const none = { senator: false, patricius: false, puff: false };

describe('withFlags', () => {
  it('answers the object itself when neither the flags nor the coordinate change', () => {
    const o = master(12000);
    expect(withFlags(1, o, none)).toBe(o);
    const puffed = master(0, { puff: true });
    expect(withFlags(1, puffed, { ...none, puff: true })).toBe(puffed);
  });

  it('moves a master that lost its Puff or title to where it may stand, keeping the rest', () => {
    expect(withFlags(1, master(100, { puff: true, senator: true }), { ...none, senator: true })).toEqual(master(4833, { senator: true }));
    expect(withFlags(1, master(5000, { patricius: true }), none)).toEqual(master(10631));
    // The Ditch has no gate: only the flags change.
    expect(withFlags(2, master(100, { puff: true }), none)).toEqual(master(100));
  });

  it('takes a title or Puff gained without moving the master', () => {
    expect(withFlags(1, master(10631), { ...none, patricius: true, puff: true })).toEqual(master(10631, { patricius: true, puff: true }));
  });
});
