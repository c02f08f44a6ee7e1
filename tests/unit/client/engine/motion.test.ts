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
