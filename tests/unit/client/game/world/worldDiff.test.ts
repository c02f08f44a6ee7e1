/** The field diff of world objects: restated objects cost nothing, walks ease, look changes rebuild. */
import { describe, expect, it } from 'vitest';
import { objectChange, sameLook } from '../../../../../src/client/game/world/worldDiff';
import { makeObject } from './worldFixtures';

describe('objectChange', () => {
  it('sees nothing in a restated object (a new reference with the same fields)', () => {
    const a = makeObject();
    expect(objectChange(a, a)).toBe('none');
    expect(objectChange(a, makeObject())).toBe('none');
    // Votes and limits are not drawn.
    expect(objectChange(a, makeObject({ data: { verse: '', votes: [1, 2], limit: '2030-01-01 00:00:00' } }))).toBe('none');
  });

  it('eases a walk or a turn', () => {
    const a = makeObject();
    expect(objectChange(a, makeObject({ coordinate: 12040 }))).toBe('moved');
    expect(objectChange(a, makeObject({ flip: true }))).toBe('moved');
  });

  it('rebuilds on anything the node draws: skin, name, pipe, titles, type', () => {
    const a = makeObject();
    for (const patch of [
      { skin_id: 4 },
      { name: 'Bea' },
      { puff: true },
      { senator: true },
      { patricius: true },
      { type: 'scribe' as const },
    ]) {
      expect(objectChange(a, makeObject({ ...patch, coordinate: 12040 }))).toBe('look');
    }
  });

  it('compares inscriptions by their verse', () => {
    const verse = (v: string) => makeObject({ type: 'scribe', data: { verse: v, votes: [], limit: '' } });
    const long = 'A verse far longer than the excerpt shows';
    expect(sameLook(verse(long), verse(long))).toBe(true);
    expect(sameLook(verse(long), verse('Another verse'))).toBe(false);
    // An inscription's name and skin are not drawn.
    expect(sameLook(verse(long), { ...verse(long), name: 'Bea', skin_id: 5 })).toBe(true);
  });
});
