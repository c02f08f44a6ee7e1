// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../machines/fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});

describe('$session', () => {
  it('starts unknown with the cached user, caches on login and forgets on logout', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser({ name: 'Cached' })));
    const s = await import('../../../../src/client/stores/session');
    expect(s.$session.get()).toMatchObject({ status: 'unknown', user: { name: 'Cached' } });
    s.setUser(makeUser({ name: 'Fresh' }));
    expect(s.$session.get().status).toBe('user');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Fresh');
    s.patchUser({ completed_onboarding: false });
    expect(s.$session.get().user?.completed_onboarding).toBe(false);
    s.setGuest(true);
    expect(s.$session.get()).toEqual({ status: 'guest', user: null, authError: true });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('survives an unreadable cache', async () => {
    localStorage.setItem('user', '{not json');
    const s = await import('../../../../src/client/stores/session');
    expect(s.$session.get().user).toBeNull();
  });
});

describe('$options', () => {
  it('defaults chart_size to 48 and persists changes on the device', async () => {
    const o = await import('../../../../src/client/stores/options');
    expect(o.$options.get().chart_size).toBe(48);
    o.cycleChartSize();
    o.markTutorialDone('tutorial-done');
    expect(JSON.parse(localStorage.getItem('options')!)).toMatchObject({ chart_size: 168, tutorials: { 'tutorial-done': true } });
    vi.resetModules();
    const again = await import('../../../../src/client/stores/options');
    expect(again.$options.get()).toMatchObject({ chart_size: 168, tutorials: { 'tutorial-done': true } });
  });
});

describe('$options chart mode and forum size', () => {
  it('default to 1, cycle 1–4 and toggle 1|2, and read the names older versions stored', async () => {
    const o = await import('../../../../src/client/stores/options');
    expect(o.$options.get()).toMatchObject({ chart_mode: 1, forum_size: 1 });
    for (const want of [2, 3, 4, 1]) {
      o.cycleChartMode();
      expect(o.$options.get().chart_mode).toBe(want);
    }
    o.toggleForumSize();
    expect(o.$options.get().forum_size).toBe(2);
    o.toggleForumSize();
    expect(o.$options.get().forum_size).toBe(1);
    expect(o.normaliseOptions({ chart_mode: 'candles', forum_size: 'large' })).toMatchObject({ chart_mode: 4, forum_size: 2 });
    expect(o.normaliseOptions({ chart_mode: 'line', forum_size: 'small' })).toMatchObject({ chart_mode: 1, forum_size: 1 });
    expect(o.normaliseOptions({ chart_mode: 9, forum_size: 'huge', chart_size: 24 })).toMatchObject({
      chart_mode: 1,
      forum_size: 1,
      chart_size: 24,
    });
    localStorage.setItem('options', JSON.stringify({ chart_mode: 'candles', forum_size: 'large' }));
    vi.resetModules();
    const again = await import('../../../../src/client/stores/options');
    expect(again.$options.get()).toMatchObject({ chart_mode: 4, forum_size: 2 });
  });
});

describe('intended URL', () => {
  it('is taken once', async () => {
    const i = await import('../../../../src/client/stores/intended');
    i.rememberIntended('/send/0xabc');
    expect(i.takeIntended()).toBe('/send/0xabc');
    expect(i.takeIntended()).toBeNull();
  });
});

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keep one per type, at most 20, and leave after 5 s by default', async () => {
    const t = await import('../../../../src/client/stores/toasts');
    t.showToast('first', { type: 'net' });
    t.showToast('second', { type: 'net' });
    expect(t.$toasts.get().map((x) => x.text)).toEqual(['second']);
    for (let i = 0; i < 25; i++) t.showToast(`n${i}`, { type: `k${i}` });
    expect(t.$toasts.get()).toHaveLength(t.MAX_TOASTS);
    expect(t.$toasts.get().at(-1)?.text).toBe('n24');
    t.showToast('short', { type: 'short', ms: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.$toasts.get().some((x) => x.type === 'short')).toBe(false);
    expect(t.$toasts.get()).toHaveLength(t.MAX_TOASTS - 1);
    await vi.advanceTimersByTimeAsync(t.TOAST_MS - 1000 - 1);
    expect(t.$toasts.get().length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.$toasts.get()).toEqual([]);
  });
});
