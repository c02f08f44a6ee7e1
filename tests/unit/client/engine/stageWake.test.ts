// @vitest-environment jsdom
/**
 * What wakes a sleeping stage besides Pixi's own change lists: a scene's wakeStage (a store it only marks
 * dirty, an hour's turn) and any input on the page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStageWaker, wakeStage, wakeStageEvery, waking } from '../../../../src/client/engine/stageWake';
import { wakeOnInput } from '../../../../src/client/engine/inputWake';

afterEach(() => vi.useRealTimers());

describe('wakeStage', () => {
  it('calls the mounted stage, and nothing once it is unset', () => {
    const wake = vi.fn();
    const unset = setStageWaker(wake);
    wakeStage();
    expect(wake).toHaveBeenCalledTimes(1);
    unset();
    wakeStage();
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('a wrapped listener runs, then wakes the stage', () => {
    const order: string[] = [];
    const unset = setStageWaker(() => order.push('wake'));
    waking((n: number) => order.push(`listener ${n}`))(3);
    expect(order).toEqual(['listener 3', 'wake']);
    unset();
  });

  it('wakes at each turn of the period on the clock, until stopped', () => {
    vi.useFakeTimers();
    vi.setSystemTime(3_600_000 * 10 + 1_000);
    const wake = vi.fn();
    const unset = setStageWaker(wake);
    const stop = wakeStageEvery(3_600_000, { now: () => Date.now() });
    vi.advanceTimersByTime(3_600_000 - 1_000 - 1);
    expect(wake).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_600_000);
    expect(wake).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(3 * 3_600_000);
    expect(wake).toHaveBeenCalledTimes(2);
    unset();
  });
});

describe('wakeOnInput', () => {
  it('wakes on a pointer, a touch, the wheel or a key, and stops listening on teardown', () => {
    const wake = vi.fn();
    const stop = wakeOnInput(wake);
    for (const type of ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown'])
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(wake).toHaveBeenCalledTimes(5);
    stop();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(wake).toHaveBeenCalledTimes(5);
  });
});
