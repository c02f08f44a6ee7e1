// @vitest-environment jsdom
/** The onboarding carousel: five slides, Continue then Enter Cryptonomics, music at 0.5 that stops on leaving. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../machines/fixtures';
import { render, click, type Mounted } from './render';

const sound = vi.hoisted(() => ({ log: [] as string[] }));
vi.mock('../../../../src/client/engine/audio', () => ({
  playSound: (name: string, volume: number) => {
    sound.log.push(`play ${name} ${volume}`);
    return () => sound.log.push(`stop ${name}`);
  },
}));
const calls = vi.hoisted(() => ({ completed: 0 }));
vi.mock('../../../../src/client/net/api', () => ({
  api: {
    onboardingCompleted: async () => {
      calls.completed++;
      return ok(null);
    },
  },
}));

import OnboardingScreen from '../../../../src/client/hud/screens/OnboardingScreen';
import { ONBOARDING_ECTO_SLIDES, ONBOARDING_SLIDES } from '../../../../src/client/hud/screens/onboardingSlides';
import { ONBOARDING_ART, ONBOARDING_ECTO_ART } from '../../../../src/client/game/onboardingArt';
import { allFrameNames } from '../../../../src/client/engine/frameNames';
import { $onboardingArt } from '../../../../src/client/game/stageStores';

let mounted: Mounted | undefined;
beforeEach(() => {
  sound.log = [];
  calls.completed = 0;
  history.replaceState(null, '', '/onboarding');
});
afterEach(() => mounted?.unmount());

describe('OnboardingScreen', () => {
  it('walks five slides and completes onboarding on the last', async () => {
    expect(ONBOARDING_SLIDES).toHaveLength(5);
    mounted = await render(<OnboardingScreen />);
    expect(sound.log).toContain('play onboarding 0.5');
    const next = () => mounted!.container.querySelector<HTMLButtonElement>('[data-testid="onboarding-next"]')!;
    for (let i = 1; i < 5; i++) {
      expect(mounted.container.querySelector('[data-testid="onboarding-slide"]')?.getAttribute('data-slide')).toBe(String(i));
      // The stage draws this slide's art; the first appears in place, later ones slide in from the right.
      expect($onboardingArt.get()).toEqual({ frames: ONBOARDING_ART[i - 1], from: i === 1 ? 0 : 1 });
      expect(next().textContent).toBe('Continue');
      await click(next());
    }
    expect(next().textContent).toBe('Enter Cryptonomics');
    expect(calls.completed).toBe(0);
    await click(next());
    expect(calls.completed).toBe(1);
    expect(location.pathname).toBe('/');
    mounted.unmount();
    mounted = undefined;
    expect(sound.log.at(-1)).toBe('stop onboarding');
  });

  it('gives every slide of both carousels art that the atlases hold', () => {
    const known = new Set(allFrameNames());
    expect(ONBOARDING_ART).toHaveLength(ONBOARDING_SLIDES.length);
    expect(ONBOARDING_ECTO_ART).toHaveLength(ONBOARDING_ECTO_SLIDES.length);
    for (const frames of [...ONBOARDING_ART, ...ONBOARDING_ECTO_ART]) {
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((f) => !known.has(f))).toEqual([]);
    }
  });

  it('resumes the main carousel at the slide the player left, and starts at 1 again once completed', async () => {
    mounted = await render(<OnboardingScreen />);
    const next = () => mounted!.container.querySelector<HTMLButtonElement>('[data-testid="onboarding-next"]')!;
    const slide = () => mounted!.container.querySelector('[data-testid="onboarding-slide"]')?.getAttribute('data-slide');
    await click(next());
    await click(next());
    expect(slide()).toBe('3');
    mounted.unmount();
    mounted = await render(<OnboardingScreen />);
    expect(slide()).toBe('3');
    await click(next());
    await click(next());
    await click(next());
    expect(calls.completed).toBe(1);
    mounted.unmount();
    mounted = await render(<OnboardingScreen />);
    expect(slide()).toBe('1');
  });
});
