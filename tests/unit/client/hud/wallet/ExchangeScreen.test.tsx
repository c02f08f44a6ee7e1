// @vitest-environment jsdom
/** The exchange screen in the DOM: "Loading exchange..." until rates, the 30 s poll, fee and pools, a mint. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { Rates } from '../../../../../src/client/net/walletApi';
import type { PrecalcData } from '../../../../../src/shared/api/transactions';
import ExchangeScreen from '../../../../../src/client/hud/screens/wallet/ExchangeScreen';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { render, settle, typeInto, type Mounted } from '../render';

const RATES: Rates = {
  nglsPrice: '0.1',
  nglsSPrice: '0.09',
  nglsFee: '0.01',
  bnbPrice: '600',
  bnbFee: '0.005',
  exchangePoolNgls: '100000',
  exchangePoolBnb: '10',
  exchangePoolBusdNgls: '5000',
  exchangePoolBusdBnb: '6000',
};

let mounted: Mounted | undefined;
let rateCalls: Array<Deferred<ApiResult<Rates>>>;
let quotes: unknown[];
let exchanges: unknown[];
const api = {
  rates: () => {
    const d = deferred<ApiResult<Rates>>();
    rateCalls.push(d);
    return d.promise;
  },
  feeQuote: (body: unknown) => {
    quotes.push(body);
    return Promise.resolve(ok<PrecalcData>({ transaction: { id: 'q-1' }, precalcData: { fee: { ngls: '0', busd: '0', bnb: '0' } } }));
  },
  exchange: (body: unknown) => {
    exchanges.push(body);
    return Promise.resolve(ok({ transaction: { id: 'x-1', type: 'exchange', status: 'success', message: null } }));
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  rateCalls = [];
  quotes = [];
  exchanges = [];
  history.replaceState(null, '', '/exchange');
  $session.set({
    status: 'user',
    user: makeUser({ start_gas: true, start_pack: true, balance_busd: '100', level: 1, withdraws: '100' }),
    authError: false,
  });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const submit = () => byId('exchange-submit') as HTMLButtonElement;

describe('ExchangeScreen', () => {
  it('reads "Loading exchange..." and stays locked until the rates load', async () => {
    mounted = await render(<ExchangeScreen api={api} onRefresh={() => undefined} />);
    expect(byId('exchange-loading')?.textContent).toBe('Loading exchange...');
    expect(submit().textContent).toBe('Loading exchange...');
    expect(submit().disabled).toBe(true);
    await settle(() => rateCalls[0]!.resolve(ok(RATES)));
    expect(byId('exchange-loading')).toBeNull();
    expect(byId('exchange-fee')?.textContent).toBe('1%');
    expect(byId('pool-bnb')?.textContent).toBe('10.0000');
    expect(byId('exchange-allowance')?.textContent).toBe('Adept weekly melt limit: 100.00000000 ANGLS');
    expect(submit().textContent).toBe('Specify correct amount');
  });

  it('polls the rates every 30 s and ignores a failed poll', async () => {
    mounted = await render(<ExchangeScreen api={api} onRefresh={() => undefined} />);
    await settle(() => rateCalls[0]!.resolve(ok(RATES)));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(rateCalls).toHaveLength(2);
    await settle(() => rateCalls[1]!.resolve(failed('down', undefined, 500)));
    expect(byId('exchange-fee')?.textContent).toBe('1%');
  });

  it('mints through both stages: the gas precalculation, then the trade', async () => {
    mounted = await render(<ExchangeScreen api={api} onRefresh={() => undefined} />);
    await settle(() => rateCalls[0]!.resolve(ok(RATES)));
    typeInto(byId('exchange-amount') as HTMLInputElement, '10');
    expect(byId('exchange-receive')?.textContent).toBe('103.95000000 ANGLS');
    expect(submit().textContent).toBe('Calculate exchange');
    await settle(() => submit().click());
    expect(quotes).toEqual([{ amount: '10', currency: 'busd', to_address: '0x0000000000000000000000000000000000000000', gas: '0' }]);
    expect(exchanges).toEqual([]);
    expect(submit().textContent).toBe('Mint ANGLS');
    await settle(() => submit().click());
    expect(exchanges).toEqual([{ from_currency: 'busd', to_currency: 'ngls', amount: '10' }]);
    expect(submit().textContent).toBe('Done!');
  });
});
