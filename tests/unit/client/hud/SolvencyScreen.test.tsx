// @vitest-environment jsdom
/** The solvency page in the DOM: loading, error with retry, the cards with their lines, updated time, refresh keeping the figures. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import type { SolvencyView } from '../../../../src/shared/api/solvency';
import type { Deferred } from '../machines/deferred';
import { failed, ok } from '../machines/fixtures';
import { click, render, settle, type Mounted } from './render';

const net = vi.hoisted(() => ({ reports: [] as Deferred<ApiResult<SolvencyView>>[] }));
vi.mock('../../../../src/client/net/solvencyApi', async () => {
  const { deferred: make } = await import('../machines/deferred');
  return {
    solvencyApi: {
      report: () => {
        const d = make<ApiResult<SolvencyView>>();
        net.reports.push(d);
        return d.promise;
      },
    },
  };
});

import SolvencyScreen from '../../../../src/client/hud/screens/SolvencyScreen';

const view = (at: string, note: string | null = null): SolvencyView => ({
  updated_at: at,
  assets: [
    { asset: 'ANGLS', pools: [{ name: 'mining_pool', amount: '1000' }], pools_total: '1000', players: '10', eidols: '2.5', liabilities: '12.5', custody: null },
    {
      asset: 'USDC', pools: [{ name: 'gscb_reserve', amount: '0' }], pools_total: '0', players: '100', eidols: '0', liabilities: '100',
      custody: note ? null : { on_chain: '1100', owed_on_chain: '100', pending_out: '0', dust: '0', difference: '1000', operator_funds: '1000', solvent: true, beyond_players: '1000' },
    },
  ],
  custody_note: note,
});

let mounted: Mounted | undefined;
beforeEach(() => {
  net.reports = [];
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...mounted!.container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

describe('SolvencyScreen', () => {
  it('shows a loading state, then each asset with its lines and the update time; Refresh keeps the figures while it reads', async () => {
    mounted = await render(<SolvencyScreen />);
    expect(q('solvency-loading')?.textContent).toMatch(/Loading/);
    await settle(() => net.reports[0]!.resolve(ok(view('2026-11-25 15:20:00'))));
    expect(q('solvency-loading')).toBeNull();
    expect(q('solvency-updated')?.textContent).toMatch(/^Updated 2026-11-25 15:20:00 UTC/);
    expect(all('solvency-asset').map((s) => s.dataset.asset)).toEqual(['ANGLS', 'USDC']);
    const usdc = all('solvency-asset')[1]!;
    expect([...usdc.querySelectorAll<HTMLElement>('[data-testid="solvency-line"]')].map((l) => l.dataset.line)).toEqual([
      'players', 'eidols', 'liabilities', 'on_chain', 'owed_on_chain', 'pending_out', 'difference', 'dust', 'operator_funds', 'beyond_players',
    ]);
    expect(usdc.textContent).toMatch(/No pool holds any USDC/);
    expect(usdc.querySelector('[data-testid="solvency-verdict"]')?.textContent).toMatch(/^✓/);

    await click(mounted.button('Refresh'));
    expect(mounted.button('Refreshing…').disabled).toBe(true);
    expect(all('solvency-asset')).toHaveLength(2);
    await settle(() => net.reports[1]!.resolve(failed('Server unreachable', undefined, 0)));
    expect(q('solvency-refresh-error')?.textContent).toBe('Server unreachable');
    expect(q('solvency-updated')?.textContent).toMatch(/15:20:00/);
  });

  it('shows a load error with a working Try again, and the custody note when the chain was not read', async () => {
    mounted = await render(<SolvencyScreen />);
    await settle(() => net.reports[0]!.resolve(failed('Something went wrong', undefined, 0)));
    expect(q('solvency-load-error')?.textContent).toBe('Something went wrong');
    await click(mounted.button('Try again'));
    expect(net.reports).toHaveLength(2);
    await settle(() => net.reports[1]!.resolve(ok(view('2026-11-25 15:21:00', 'Custody could not be read.'))));
    expect(q('solvency-custody-note')?.textContent).toBe('Custody could not be read.');
    expect(all('solvency-asset')[1]!.querySelector('[data-testid="solvency-verdict"]')?.textContent).toBe('Custody not shown right now.');
  });
});
