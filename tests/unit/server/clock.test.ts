import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/server/clock';

describe('manualClock timers', () => {
  it('fires timeouts and intervals in time order as it advances, reading each timer its own time', () => {
    const clock = manualClock(1000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`t250@${clock.now()}`), 250);
    const every = clock.setInterval(() => seen.push(`i100@${clock.now()}`), 100);
    clock.advance(99);
    expect(seen).toEqual([]);
    clock.advance(251);
    expect(seen).toEqual(['i100@1100', 'i100@1200', 't250@1250', 'i100@1300']);
    expect(clock.now()).toBe(1350);
    every.cancel();
    clock.advance(1000);
    expect(seen).toHaveLength(4);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('runs a timer scheduled by a callback when it falls due within the same advance', () => {
    const clock = manualClock(0);
    const seen: number[] = [];
    clock.setTimeout(() => clock.setTimeout(() => seen.push(clock.now()), 50), 50);
    clock.advance(100);
    expect(seen).toEqual([100]);
  });

  it('cancel before due means never', () => {
    const clock = manualClock(0);
    let fired = false;
    clock.setTimeout(() => (fired = true), 10).cancel();
    clock.advance(20);
    expect(fired).toBe(false);
  });
});
