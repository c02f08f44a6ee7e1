/** One timer for many deadlines: items come due at their time, in order; moved and deleted ones do not fire early or twice. */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/server/clock';
import { Deadlines } from '../../../src/server/realtime/deadlines';

describe('deadlines', () => {
  it('fires each item once at its time, in time order, on a single timer', () => {
    const clock = manualClock(1_000);
    const fired: string[] = [];
    const d = new Deadlines<string>(clock, (item) => fired.push(`${item}@${clock.now()}`));
    d.set('c', 1_300);
    d.set('a', 1_100);
    d.set('b', 1_200);
    d.set('a2', 1_100);
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(150);
    expect(fired).toEqual(['a@1100', 'a2@1100']);
    clock.advance(1_000);
    expect(fired).toEqual(['a@1100', 'a2@1100', 'b@1200', 'c@1300']);
    expect(d.size).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('moves and deletes deadlines, and takes new ones set while firing', () => {
    const clock = manualClock(0);
    const fired: string[] = [];
    const d = new Deadlines<string>(clock, (item) => {
      fired.push(`${item}@${clock.now()}`);
      if (item === 'again') d.set('later', clock.now() + 50);
    });
    d.set('moved', 100);
    d.set('moved', 500);
    d.set('gone', 200);
    d.delete('gone');
    d.set('again', 300);
    clock.advance(1_000);
    expect(fired).toEqual(['again@300', 'later@350', 'moved@500']);
  });

  it('copes with deadlines beyond the longest timer and with many deleted entries', () => {
    const clock = manualClock(0);
    const fired: number[] = [];
    const d = new Deadlines<number>(clock, (item) => fired.push(item));
    d.set(-1, 2 ** 31 + 5_000);
    for (let i = 0; i < 1_000; i++) d.set(i, 10 + i);
    for (let i = 0; i < 1_000; i += 2) d.delete(i);
    clock.advance(2_000);
    expect(fired).toEqual(Array.from({ length: 500 }, (_, k) => 2 * k + 1));
    clock.advance(2 ** 31 + 5_000);
    expect(fired.at(-1)).toBe(-1);
  });
});
