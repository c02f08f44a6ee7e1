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
  /** The join's answer: success unless a test sets a refusal. */
  refusal: null as string | null,
  confirmed: [] as number[],
  txs: [] as unknown[],
}));
vi.mock('../../../../src/client/net/eidolApi', () => ({
  eidolApi: {
    join: async (body: unknown): Promise<ApiResult<unknown>> => {
      net.joins.push(body);
      if (net.refusal) return { ok: false, status: 422, message: net.refusal, errors: { risk: [net.refusal] }, text: net.refusal };
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

const tx = (game_id: number, amount: string): EidolTransaction => ({
  id: `${game_id}${amount}`,
  type: amount.startsWith('-') ? 'bet' : 'win',
  amount,
  game_id,
  zone: null,
  created_at: '2026-01-01 10:00:00',
});

let screen: Mounted;
const text = (id: string) => screen.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
const btn = (id: string) => screen.container.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  net.joins = [];
  net.refusal = null;
  net.confirmed = [];
  net.txs = [tx(3, '-2'), tx(2, '5'), tx(2, '-1')];
  $session.set({ status: 'user', user: makeUser({ level: 1 }), authError: false });
  $options.set({ ...$options.get(), chart_size: 48 });
  $selectedEidolId.set(2);
});
afterEach(() => screen?.unmount());

describe('EidolScreen', () => {
  it('shows the selected eidol: value, Yieldy / Precise, XP and level, risk with ↓ after a loss', async () => {
    const eidol = makeEidol({
      id: 2,
      value: '123.45',
      level: 3,
      experience: 7,
      next_level_experience: 48,
      data: { greedy: 4, precise: 1, apple: null },
    });
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

  it('shows a round\u2019s mined share apart from its result, a lost round\u2019s too', async () => {
    net.txs = [{ ...tx(7, '0.5'), type: 'mined' }, tx(7, '-2'), { ...tx(6, '0.25'), type: 'mined' }, tx(6, '6'), tx(6, '-3')];
    $game.set({ status: 'ready', game: makeGame([makeEidol({ id: 2 })]), clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    await settle(() => {});
    const rows = [...screen.container.querySelectorAll('[data-testid="last-results"] li')];
    expect(rows.map((r) => r.textContent)).toEqual(['↓ -1.5 ANGLS · Mined +0.5', '↑ +3.25 ANGLS · Mined +0.25']);
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

  it('shows the room left, the largest angle this eidol fits, a warning past it, and a refusal in one place', async () => {
    // K = 300, 290 left, m × K = 15: a 100-ANGLS eidol fits up to r = 0.32 (G = ⌊32 × 32 / 68⌋ ≈ 15.06 > 15 → 0.31).
    const game = makeGame([makeEidol({ id: 2, risk: '0' })], undefined, {
      capacity: '300.00000000',
      capacity_left: '290.00000000',
      capacity_per_eidol: '15.00000000',
      reserved_claims: {},
    });
    $game.set({ status: 'ready', game, clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    await settle(() => $riskAngle.set(10));
    expect(text('capacity-left')).toBe('290 of 300 ANGLS left');
    expect(text('capacity-fits')).toBe('This Eidol fits up to 27.9° (risk 0.31)');
    const over = screen.container.querySelector<HTMLElement>('[data-testid="capacity-over"]')!;
    expect(over.hidden).toBe(true);
    await settle(() => $riskAngle.set(28.35));
    expect(over.hidden).toBe(false);
    expect(over.textContent).toBe('Above 27.9° this bid would be refused');
    net.refusal = 'This Crypto Aeon has room for this Eidol up to risk 0.31 (27.9°)';
    // jsdom lays nothing out and has no scrollIntoView: record which element asks to be shown.
    const shown: Array<{ el: Element; options: unknown }> = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      shown.push({ el: this, options });
    };
    const range = screen.container.querySelector<HTMLInputElement>('[data-testid="risk-range"]')!;
    await settle(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(range, '45');
      range.dispatchEvent(new Event('input', { bubbles: true }));
      range.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true, key: 'ArrowRight' }));
    });
    await settle(() => {});
    expect(text('join-answer')).toBe(net.refusal);
    // The text shows once on the screen: no toast or second line repeats it.
    expect(screen.container.textContent!.split(net.refusal).length - 1).toBe(1);
    // The panel sits below a phone's fold: the refusal brings itself into view, once.
    expect(shown.map((s) => [(s.el as HTMLElement).dataset.testid, s.options])).toEqual([['join-answer', { block: 'nearest' }]]);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('tells a staking eidol without a claim that it sits the round out', async () => {
    const game = makeGame([makeEidol({ id: 2, risk: '0.5' })], undefined, {
      capacity: '300.00000000',
      capacity_left: '0.00000000',
      capacity_per_eidol: '15.00000000',
      reserved_claims: {},
    });
    $game.set({ status: 'ready', game, clockOffsetMs: 0 });
    screen = await render(<EidolScreen />);
    expect(text('capacity-sits-out')).toBe('Sitting out: the realm was full when this Crypto Aeon opened. Set up to 0.0° to join.');
    expect(text('capacity-fits')).toBe('No room left for this Eidol: it can join at 0° or in the next Crypto Aeon');
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
