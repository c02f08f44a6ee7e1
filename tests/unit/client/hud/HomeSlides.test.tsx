// @vitest-environment jsdom
/**
 * The home HUD over the swiper stores: arrows and dots step the slides, the caption and button follow the
 * slide kind, Manage Eidol selects the eidol and opens /eidol, Grow Free Egg shows the server's message on
 * failure and schedules the refresh on success, the tutorial shows once per device and overlay 3 hides
 * after 5 s, and the countdown reads the round clock.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { act, Profiler } from 'react';
import { HomeSwiperBand } from '../../../../src/client/hud/components/HomeSwiperBand';
import { SlideActions } from '../../../../src/client/hud/components/SlideActions';
import { TutorialOverlay } from '../../../../src/client/hud/components/TutorialOverlay';
import { RoundCountdown } from '../../../../src/client/hud/components/RoundCountdown';
import { LockedBanner } from '../../../../src/client/hud/components/LockedBanner';
import HomeScreen from '../../../../src/client/hud/screens/HomeScreen';
import { $homeSlides, bindHomeSwiper, homeSwiper } from '../../../../src/client/game/home/homeStores';
import { $game, $selectedEidolId } from '../../../../src/client/stores/game';
import { setUser } from '../../../../src/client/stores/session';
import { $router } from '../../../../src/client/stores/router';
import { deviceStorage } from '../../../../src/client/stores/deviceStorage';
import { TUTORIAL3_MS } from '../../../../src/client/stores/tutorial';
import { makeUser, ok, failed } from '../machines/fixtures';
import { makeEidol, makeGame, makeItem } from '../gameFixtures';
import { click, render, type Mounted } from './render';

let mounted: Mounted | undefined;
let unbind: (() => void) | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  unbind?.();
  unbind = undefined;
});
// The router unbinds from the document 1 s after its last listener leaves; unbind it now, while this file's
// document exists, or the late timer throws in whichever file the worker runs next.
afterAll(() => cleanStores($router));

const testId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function loadGame(patch: Parameters<typeof makeGame>[0], level = 1) {
  setUser(makeUser({ level }));
  $game.set({ status: 'ready', game: makeGame(patch), clockOffsetMs: 0 });
}

describe('home slides HUD', () => {
  beforeEach(() => {
    $game.set({ status: 'loading', game: null, clockOffsetMs: 0 });
    $selectedEidolId.set(null);
    homeSwiper.goTo(0, false);
    unbind = bindHomeSwiper();
  });

  it('steps through the slides with the arrows and dots; the caption and button follow', async () => {
    loadGame({ oogles: [makeEidol({ id: 3 })], items: [makeItem({ type: 'Scribe', name: 'Scribe Quill' })] }, 2);
    mounted = await render(
      <>
        <HomeSwiperBand />
        <SlideActions />
      </>,
    );
    expect(testId('slide-caption')?.textContent).toBe('Mote · 100 ANGLS');
    expect(testId('slide-action')?.textContent).toBe('Manage Eidol');
    expect(mounted.button('Previous slide').disabled).toBe(true);
    await click(mounted.button('Next slide'));
    expect(testId('home-swiper')?.dataset.kind).toBe('extra');
    expect(testId('slide-action')?.textContent).toBe('Buy Eidol Egg');
    await click(mounted.button('Next slide'));
    expect(testId('slide-action')?.textContent).toBe('Scribe Verse');
    await click(testId('slide-dot-ref')!);
    expect(testId('slide-action')?.textContent).toBe('Receive gDAO tokens');
    expect(mounted.button('Next slide').disabled).toBe(true);
  });

  it('Manage Eidol selects that eidol and opens /eidol; a locked eidol only says Completing transaction...', async () => {
    loadGame({ oogles: [makeEidol({ id: 3 }), makeEidol({ id: 8 }), makeEidol({ id: 9, is_locked: true })] }, 4);
    mounted = await render(<SlideActions />);
    await act(async () => homeSwiper.step(1));
    expect($selectedEidolId.get()).toBe(8);
    await click(testId('slide-action')!);
    expect($router.get()?.path).toBe('/eidol');
    await act(async () => homeSwiper.step(1));
    const locked = testId('slide-action') as HTMLButtonElement;
    expect(locked.textContent).toBe('Completing transaction...');
    expect(locked.disabled).toBe(true);
  });

  it('keeps the player on the same eidol when a refetch reorders the slides', async () => {
    loadGame({ oogles: [makeEidol({ id: 3 }), makeEidol({ id: 8 })] }, 1);
    await act(async () => homeSwiper.step(1));
    expect($selectedEidolId.get()).toBe(8);
    loadGame({ oogles: [makeEidol({ id: 1 }), makeEidol({ id: 3 }), makeEidol({ id: 8 })] }, 1);
    expect(homeSwiper.index).toBe(2);
    expect($selectedEidolId.get()).toBe(8);
  });

  it('stays where the player swiped while the game loads; the arriving eidols take the first slide only if untouched', async () => {
    setUser(makeUser({ level: 1 }));
    $game.set({ status: 'reloading', game: null, clockOffsetMs: 0 });
    expect($homeSlides.get()[homeSwiper.index]?.key).toBe('shop');
    await act(async () => homeSwiper.step(1));
    $game.set({ status: 'reloading', game: null, clockOffsetMs: 0 });
    expect($homeSlides.get()[homeSwiper.index]?.key).toBe('forum');
    loadGame({ oogles: [makeEidol({ id: 3 })] }, 1);
    expect($homeSlides.get()[homeSwiper.index]?.key).toBe('forum');
    unbind!();
    $game.set({ status: 'loading', game: null, clockOffsetMs: 0 });
    homeSwiper.goTo(0, false);
    unbind = bindHomeSwiper();
    expect($homeSlides.get()[homeSwiper.index]?.key).toBe('shop');
    loadGame({ oogles: [makeEidol({ id: 3 })] }, 1);
    expect($homeSlides.get()[homeSwiper.index]?.key).toBe('eidol-3');
  });

  it('Grow Free Egg: the server message on failure, the refresh on success', async () => {
    loadGame({ oogles: [] }, -1);
    const answers = [failed('Confirm your e-mail to grow the free egg.', undefined, 422), ok(null)];
    const api = { growFreeEgg: vi.fn(async () => answers.shift()!) };
    const onSuccess = vi.fn();
    mounted = await render(<SlideActions api={api} onSuccess={onSuccess} />);
    expect(mounted.button('Buy Eidol Egg')).toBeTruthy();
    await click(mounted.button('Grow Free Egg'));
    expect(testId('slide-error')?.textContent).toBe('Confirm your e-mail to grow the free egg.');
    expect(onSuccess).not.toHaveBeenCalled();
    await click(mounted.button('Grow Free Egg'));
    expect(testId('slide-error')?.textContent).toBe('');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(api.growFreeEgg).toHaveBeenCalledTimes(2);
  });
});

describe('HomeScreen', () => {
  it('puts the swiper, the slide action, the countdown, the wallet panel and the menu together', async () => {
    deviceStorage().clear();
    setUser(makeUser({ name: 'Ada', level: -1 }));
    $game.set({ status: 'ready', game: makeGame({ oogles: [] }, { serverMs: Date.now() }), clockOffsetMs: 0 });
    mounted = await render(<HomeScreen />);
    expect(testId('home-swiper')?.dataset.kind).toBe('extra');
    expect(mounted.button('Grow Free Egg')).toBeTruthy();
    expect(testId('round-countdown-text')?.textContent).toMatch(/^Next Crypto Aeon Block in \d\d:\d\d$/);
    expect(testId('wallet-name')?.textContent).toBe('Ada Purse');
    expect(testId('tutorial-1')).not.toBeNull();
    expect(mounted.button('Logout')).toBeTruthy();
  });
});

describe('tutorial overlays', () => {
  beforeEach(() => {
    deviceStorage().clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows 1, 2 and 3 in turn once per device; 3 hides after 5 s', async () => {
    mounted = await render(<TutorialOverlay />);
    expect(testId('tutorial-1')).not.toBeNull();
    await click(mounted.button('Got it'));
    expect(deviceStorage().getItem('tutorial-done')).not.toBeNull();
    expect(testId('tutorial-2')).not.toBeNull();
    await click(mounted.button('Got it'));
    expect(testId('tutorial-3')).not.toBeNull();
    expect(deviceStorage().getItem('tutorial3-done')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(TUTORIAL3_MS - 1));
    expect(testId('tutorial-3')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(testId('tutorial-3')).toBeNull();
    mounted.unmount();
    mounted = await render(<TutorialOverlay />);
    expect(mounted.container.textContent).toBe('');
  });

  it('resumes at the first overlay not yet seen', async () => {
    deviceStorage().setItem('tutorial-done', 'true');
    mounted = await render(<TutorialOverlay />);
    expect(testId('tutorial-2')).not.toBeNull();
  });
});

describe('countdown and banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 23, 12, 0, 0));
    $game.set({ status: 'loading', game: null, clockOffsetMs: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it('reads the round clock and shows the banner only while locked', async () => {
    mounted = await render(
      <>
        <RoundCountdown />
        <LockedBanner />
      </>,
    );
    expect(testId('round-countdown-text')?.textContent).toBe('Fetching Aeon Data...');
    const now = Date.now();
    await act(async () =>
      $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({}, { serverMs: now, canActMs: now + 2_000, endsMs: now + 4_000 }) }),
    );
    expect(testId('round-countdown-text')?.textContent).toBe('Next Crypto Aeon Block in 00:02');
    expect(testId('locked-banner')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(2_000)));
    expect(testId('round-countdown-text')?.textContent).toBe('Mining Crypto Aeon Block');
    const banner = testId('locked-banner') as HTMLAnchorElement;
    expect(banner.target).toBe('_blank');
    expect(banner.rel).toContain('noopener');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2_000)));
    expect(testId('round-countdown-text')?.textContent).toBe('Starting new Crypto Aeon');
  });

  it('counts the seconds down without a React render each second (a still screen sleeps)', async () => {
    let commits = 0;
    mounted = await render(
      <Profiler id="countdown" onRender={() => void (commits += 1)}>
        <RoundCountdown />
      </Profiler>,
    );
    const now = Date.now();
    await act(async () =>
      $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({}, { serverMs: now, canActMs: now + 60_000, endsMs: now + 70_000 }) }),
    );
    expect(testId('round-countdown-text')?.textContent).toBe('Next Crypto Aeon Block in 01:00');
    commits = 0;
    for (const left of ['00:59', '00:58', '00:57']) {
      await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
      expect(testId('round-countdown-text')?.textContent).toBe(`Next Crypto Aeon Block in ${left}`);
    }
    expect(commits).toBe(0);
    // A change of state is a render: the class and data-state follow it.
    await act(async () => void (await vi.advanceTimersByTimeAsync(57_000)));
    expect(testId('round-countdown')?.dataset.state).toBe('locked');
    expect(commits).toBeGreaterThan(0);
  });
});
