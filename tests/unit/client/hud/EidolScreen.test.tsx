// @vitest-environment jsdom
/** The eidol screen in the DOM: stats, risk text and range, last-10, chart toggle, actions and their locks. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import type { EidolTransaction } from '../../../../src/shared/api/game';
import { makeUser, ok } from '../machines/fixtures';
import { makeEidol, makeGame } from '../game/eidol/fixtures';
import { click, render, settle, type Mounted } from './render';

const net = vi.hoisted(() => ({
  joins: [] as unknown[],
  confirmed: [] as number[],
  txs: [] as unknown[],
}));
vi.mock('../../../../src/client/net/eidolApi', () => ({
  eidolApi: {
    join: async (body: unknown): Promise<ApiResult<unknown>> => {
      net.joins.push(body);
      return { ok: true, status: 200, data: null, message: '' };
    },
    transactions: async () => ({ ok: true, status: 200, data: net.txs, message: '' }),
    numbers: async () => ({ ok: true, status: 200, data: [], message: '' }),
    confirmLoss: async (id: number) => {
      net.confirmed.push(id);
      return { ok: true, status: 200, data: null, message: '' };
    },
  },
}));

import EidolScreen, { candleSummary } from '../../../../src/client/hud/screens/EidolScreen';
import { $game, $selectedEidolId } from '../../../../src/client/stores/game';
import { $session } from '../../../../src/client/stores/session';
import { $options } from '../../../../src/client/stores/options';
import { $riskAngle } from '../../../../src/client/game/eidol/eidolStores';
import { $router } from '../../../../src/client/stores/router';

const tx = (game_id: number, amount: string): EidolTransaction => ({ id: `${game_id}${amount}`, type: amount.startsWith('-') ? 'bet' : 'win', amount, game_id, zone: null, created_at: '2026-01-01 10:00:00' });

let screen: Mounted;
const text = (id: string) => screen.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
const btn = (id: string) => screen.container.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  net.joins = [];
  net.confirmed = [];
  net.txs = [tx(3, '-2'), tx(2, '5'), tx(2, '-1')];
  $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
  $options.set({ ...$options.get(), chart_size: 48 });
  $selectedEidolId.set(2);
});
afterEach(() => screen?.unmount());

describe('EidolScreen', () => {
  it('shows the selected eidol: value, Yieldy / Precise, XP and level, risk with ↓ after a loss', async () => {
    const eidol = makeEidol({ id: 2, value: '123.45', level: 3, experience: 7, next_level_experience: 48, data: { greedy: 4, precise: 1, apple: null } });
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 1 }), eidol]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    await settle(() => $riskAngle.set(45));
    expect(text('eidol-value')).toBe('123.45 ANGLS');
    expect(text('eidol-traits')).toBe('4 % / 1');
    expect(text('eidol-xp')).toBe('7 / 48');
    expect(text('eidol-level')).toBe('3');
    expect(text('risk-percent')).toBe('50.0 %');
    // The angle the game speaks of, beside the risk.
    expect(text('risk-degrees')).toBe('45.0°');
    await settle(() => $riskAngle.set(27.25));
    expect(text('risk-degrees')).toBe('27.3°');
    await settle(() => $riskAngle.set(45));
    expect(screen.container.querySelector('.eidol-risk .value')?.className).toContain('loss');
    expect(screen.container.querySelector('[aria-label="last round down"]')).not.toBeNull();
    const rows = [...screen.container.querySelectorAll('[data-testid="last-results"] li')];
    expect(rows.map((r) => r.textContent)).toEqual(['↓ -2 ANGLS', '↑ +4 ANGLS']);
    expect(rows.map((r) => (r as HTMLElement).style.opacity)).toEqual(['1', '0.85']);
    expect(screen.container.querySelector('[data-testid="round-countdown"]')).not.toBeNull();
  });

  it('mirrors the angle in a range input that sends the bid when released', async () => {
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 2 })]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    const range = screen.container.querySelector<HTMLInputElement>('[data-testid="risk-range"]')!;
    expect(range.disabled).toBe(false);
    await settle(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(range, '30');
      range.dispatchEvent(new Event('input', { bubbles: true }));
      range.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true, key: 'ArrowRight' }));
    });
    expect(net.joins).toEqual([{ risk: '0.33', oogle_id: 2 }]);
  });

  it('cycles the chart size 48 → 7d → 24', async () => {
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 2 })]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    expect(text('chart-size')).toBe('48');
    await click(btn('chart-size')!);
    expect(text('chart-size')).toBe('7d');
    await click(btn('chart-size')!);
    expect(text('chart-size')).toBe('24');
  });

  it('disables the actions and the range while the round is locked', async () => {
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 2, level: 11 })], '2000-01-01 00:00:00'), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    expect(btn('action-pop')!.disabled).toBe(true);
    expect(btn('action-transmute')!.disabled).toBe(true);
    expect(screen.container.querySelector<HTMLInputElement>('[data-testid="risk-range"]')!.disabled).toBe(true);
  });

  it('opens /pop, and confirms a loss in place', async () => {
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 2 })]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    await click(btn('action-pop')!);
    expect($router.get()?.path).toBe('/pop');
    screen.unmount();
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 2, value: '0' })]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    expect(btn('action-pop')).toBeNull();
    await click(btn('action-confirmLoss')!);
    expect(net.confirmed).toEqual([2]);
  });

  it('offers Buy Eidol egg at level −1', async () => {
    $session.set({ status: 'user', user: makeUser({ level: -1 }), authError: false });
    $game.set({ status: 'ready', game: makeGame([]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    expect(btn('action-buyEgg')!.textContent).toBe('Buy Eidol egg');
    void ok;
  });
});

describe('the candle chart in words', () => {
  it('says how many hourly candles the window holds', () => {
    expect(candleSummary(0, 48)).toBe('No rounds in the last 48 hours');
    expect(candleSummary(1, 24)).toBe('1 hourly candle over the last 24 hours');
    expect(candleSummary(5, 168)).toBe('5 hourly candles over the last 7 days');
  });
});
