// @vitest-environment jsdom
/** /tax in the DOM: remaining title time, the commendation count, putting one in (Done!, refresh), the error on the button, locks. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import TaxScreen from '../../../../../src/client/hud/screens/coop/TaxScreen';
import { $roundClock } from '../../../../../src/client/app/roundClock';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { click, render, settle, type Mounted } from '../render';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const now = () => NOW;
const tax = (quantity: number) => ({ id: 7, name: 'Tax Commendation', type: 'Tax', quantity, image: 'item-7', data: {} });

let mounted: Mounted | undefined;
let pays: Deferred<ApiResult<{ patricius: string | null }>>[];
let refreshes: number;
const api = {
  payTax: () => {
    const d = deferred<ApiResult<{ patricius: string | null }>>();
    pays.push(d);
    return d.promise;
  },
};
const onRefresh = () => void refreshes++;
const byId = <T extends HTMLElement = HTMLElement>(id: string) => mounted!.container.querySelector<T>(`[data-testid="${id}"]`);
const setUser = (patch: Parameters<typeof makeUser>[0]) => $session.set({ status: 'user', user: makeUser(patch), authError: false });

beforeEach(() => {
  vi.useFakeTimers();
  pays = [];
  refreshes = 0;
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  $roundClock.set({ state: 'fetching', remainingMs: 0 });
  vi.useRealTimers();
});

describe('TaxScreen', () => {
  it('puts a commendation in: Processing..., Done!, the new title time and count, a refresh after 750 ms', async () => {
    setUser({ patricius: null, items: [tax(1)] });
    mounted = await render(<TaxScreen api={api} now={now} onRefresh={onRefresh} />);
    expect(byId('tax-title-time')!.textContent).toBe('No Title');
    expect(byId('tax-count')!.textContent).toBe('1');
    expect(byId('tax-button')!.textContent).toBe('Put in a Tax Commendation');

    await click(byId('tax-button')!);
    expect(byId('tax-button')!.textContent).toBe('Processing...');
    await settle(() => pays[0]!.resolve(ok({ patricius: '2026-12-25 12:00:00' })));
    expect(byId('tax-button')!.textContent).toBe('Done!');
    expect(byId('tax-title-time')!.textContent).toBe('30 days');
    expect(byId('tax-count')!.textContent).toBe('0');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(750);
    });
    expect(refreshes).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_250);
    });
    expect(byId('tax-button')!.textContent).toBe('You have no Tax Commendation');
    expect(byId<HTMLButtonElement>('tax-button')!.disabled).toBe(true);
  });

  it('shows the server message on the button; the next tap clears it', async () => {
    setUser({ patricius: '2026-11-25 17:30:00', items: [tax(2)] });
    mounted = await render(<TaxScreen api={api} now={now} onRefresh={onRefresh} />);
    expect(byId('tax-title-time')!.textContent).toBe('5 hours');
    await click(byId('tax-button')!);
    await settle(() => pays[0]!.resolve(failed('Locked for Aeon Computing')));
    expect(byId('tax-button')!.textContent).toBe('Locked for Aeon Computing');
    expect(byId('tax-button')!.className).toMatch(/error/);
    await click(byId('tax-button')!);
    expect(pays).toHaveLength(1);
    expect(byId('tax-button')!.textContent).toBe('Put in a Tax Commendation');
    expect(refreshes).toBe(0);
  });

  it('counts the title down as time passes and locks the button while the round is computed', async () => {
    let t = NOW;
    setUser({ patricius: '2026-11-25 12:45:00', items: [tax(1)] });
    mounted = await render(<TaxScreen api={api} now={() => t} onRefresh={onRefresh} />);
    expect(byId('tax-title-time')!.textContent).toBe('45 minutes');
    t = NOW + 45 * 60_000;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(byId('tax-title-time')!.textContent).toBe('No Title');
    await settle(() => $roundClock.set({ state: 'locked', remainingMs: 30_000 }));
    expect(byId('tax-button')!.textContent).toBe('Locked for Aeon Computing');
    expect(byId<HTMLButtonElement>('tax-button')!.disabled).toBe(true);
  });
});
