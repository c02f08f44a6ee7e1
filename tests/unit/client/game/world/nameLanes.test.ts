/** Name lanes: close masters' names go to lanes under each other; apart, they stay right under the feet. */
import { describe, expect, it } from 'vitest';
import { NAME_GAP, nameLanes } from '../../../../../src/client/game/world/nameLanes';

describe('nameLanes', () => {
  it('keeps names that do not meet in lane 0', () => {
    expect(
      nameLanes([
        { x: 0, halfWidth: 100 },
        { x: 300, halfWidth: 100 },
      ]),
    ).toEqual([0, 0]);
  });

  it('puts names that would overlap (or come closer than the gap) in lanes under each other', () => {
    expect(
      nameLanes([
        { x: 0, halfWidth: 100 },
        { x: 0, halfWidth: 100 },
      ]),
    ).toEqual([0, 1]);
    expect(
      nameLanes([
        { x: 0, halfWidth: 100 },
        { x: 200 + NAME_GAP - 1, halfWidth: 100 },
      ]),
    ).toEqual([0, 1]);
    expect(
      nameLanes([
        { x: 0, halfWidth: 100 },
        { x: 200 + NAME_GAP, halfWidth: 100 },
      ]),
    ).toEqual([0, 0]);
  });

  it('answers in the order given, whatever the left-to-right order', () => {
    expect(
      nameLanes([
        { x: 50, halfWidth: 100 },
        { x: 0, halfWidth: 100 },
        { x: 500, halfWidth: 50 },
      ]),
    ).toEqual([1, 0, 0]);
  });

  it('never leaves two names of one lane overlapping while a lane is free, and past the last lane reuses the one freeing first', () => {
    const crowd = [0, 40, 80].map((x) => ({ x, halfWidth: 100 }));
    expect(nameLanes(crowd)).toEqual([0, 1, 2]);
    expect(nameLanes([...crowd, { x: 120, halfWidth: 100 }])).toEqual([0, 1, 2, 0]);
  });
});
