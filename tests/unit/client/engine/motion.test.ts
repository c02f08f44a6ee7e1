// @vitest-environment jsdom
/** The motion preference follows prefers-reduced-motion, also when it changes while the page is open; the swiper obeys it. */
import { afterEach, describe, expect, it, vi } from 'vitest';

function fakeMedia(matches: boolean) {
  const listeners: Array<(e: { matches: boolean }) => void> = [];
  const mql = { matches, addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.push(fn) };
  vi.stubGlobal('matchMedia', (q: string) => (q === '(prefers-reduced-motion: reduce)' ? mql : { matches: false, addEventListener() {} }));
  return (next: boolean) => listeners.forEach((fn) => fn({ matches: next }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('motion', () => {
  it('reads the preference at start and follows its changes', async () => {
    const change = fakeMedia(true);
    const { reducedMotion } = await import('../../../../src/client/engine/motion');
    expect(reducedMotion()).toBe(true);
    change(false);
    expect(reducedMotion()).toBe(false);
  });

  it('makes the home swiper jump to the chosen slide instead of gliding', async () => {
    fakeMedia(true);
    const { SwiperModel } = await import('../../../../src/client/game/home/swiperModel');
    const swiper = new SwiperModel();
    swiper.setCount(3);
    swiper.goTo(2);
    swiper.update(16);
    expect(swiper.position).toBe(2);
  });
});

describe('ambientStrength', () => {
  it('moves decoration at full strength, then settles to exactly nothing', async () => {
    fakeMedia(false);
    const { ambientStrength, AMBIENT_MS, AMBIENT_SETTLE_MS } = await import('../../../../src/client/engine/motion');
    expect(ambientStrength(0)).toBe(1);
    expect(ambientStrength(AMBIENT_MS)).toBe(1);
    const mid = ambientStrength(AMBIENT_MS + AMBIENT_SETTLE_MS / 2);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1);
    expect(ambientStrength(AMBIENT_MS + AMBIENT_SETTLE_MS)).toBe(0);
    expect(ambientStrength(AMBIENT_MS * 10)).toBe(0);
  });

  it('is nothing for a player who asked for reduced motion', async () => {
    fakeMedia(true);
    const { ambientStrength } = await import('../../../../src/client/engine/motion');
    expect(ambientStrength(0)).toBe(0);
  });
});
