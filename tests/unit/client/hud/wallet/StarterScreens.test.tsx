// @vitest-environment jsdom
/** The activation screens and /deposit in the DOM: covenant and gas minimum, packs, pack 4, lock, address copy, QR, test coin. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { PrecalcData } from '../../../../../src/shared/api/transactions';
import type { StarterPack } from '../../../../../src/client/net/walletApi';
import StarterGasScreen from '../../../../../src/client/hud/screens/wallet/StarterGasScreen';
import StarterBuyScreen from '../../../../../src/client/hud/screens/wallet/StarterBuyScreen';
import DepositScreen from '../../../../../src/client/hud/screens/wallet/DepositScreen';
import { $session } from '../../../../../src/client/stores/session';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { click, render, settle, type Mounted } from '../render';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const pack = (id: number, price: string): StarterPack => ({
  id,
  name: `Pack ${id}`,
  type: 'startpak',
  description: '<b>Eggs</b>',
  price_ngls: '0',
  price_bnb: '0',
  price_busd: price,
  price_token: '0',
});
const PACKS = [pack(1, '10'), pack(2, '50'), pack(3, '100'), pack(4, '20')];

let mounted: Mounted | undefined;
let calls: string[];
let polls: number;
const api = {
  wallet: () => Promise.resolve(ok({ address: ADDR })),
  onboardingGas: () => {
    calls.push('gas');
    return Promise.resolve(ok({}));
  },
  starterPacks: () => Promise.resolve(ok(PACKS)),
  feeQuote: (body: { amount: string; currency: string }) => {
    calls.push(`quote ${body.amount} ${body.currency}`);
    return Promise.resolve(ok<PrecalcData>({ transaction: { id: 'p-1' }, precalcData: { fee: { ngls: '0', busd: '1', bnb: '0' } } }));
  },
  buy: (id: number) => {
    calls.push(`buy ${id}`);
    return Promise.resolve(ok({}));
  },
  testCoin: () => Promise.resolve(ok({}, 'Test Coin Sent')),
};

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const radio = (id: number) => byId(`pack-${id}`)!.querySelector('input')!;
const setUser = (patch: Parameters<typeof makeUser>[0]) => $session.set({ status: 'user', user: makeUser(patch), authError: false });

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  polls = 0;
  history.replaceState(null, '', '/');
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

describe('StarterGasScreen', () => {
  it('asks for the covenant and 0.001 BNB, records the deposit and goes on to /starterbuy', async () => {
    setUser({ balance_bnb: '0.0005' });
    mounted = await render(<StarterGasScreen api={api} onRefresh={() => undefined} onPoll={() => void polls++} />);
    expect(byId('gas-submit')!.textContent).toBe('Agree to the covenant');
    await click(byId('covenant')!);
    expect(byId('gas-submit')!.textContent).toBe('0.001 BNB GAS deposit required');
    expect(byId('gas-address')!.textContent).toBe(ADDR);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(polls).toBe(1);
    await settle(() => setUser({ balance_bnb: '0.001' }));
    expect(byId('gas-submit')!.textContent).toBe('Bind the Covenant');
    await settle(() => byId('gas-submit')!.click());
    expect(calls).toEqual(['gas']);
    expect(byId('gas-submit')!.textContent).toBe('Done!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(750);
    });
    expect(location.pathname).toBe('/starterbuy');
  });
});

describe('StarterBuyScreen', () => {
  it('shows the purse and packs; precalculates the gas, then Enter Cryptonomics buys', async () => {
    setUser({
      start_gas: true,
      balance_busd: '100.5',
      balance_ngls: '1.5',
      balance_bnb: '0.01',
      items: [{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 3, image: '', data: {} }],
    });
    mounted = await render(<StarterBuyScreen api={api} onRefresh={() => undefined} onPoll={() => undefined} locked={false} />);
    await settle(() => undefined);
    expect([byId('starter-ngls'), byId('starter-busd'), byId('starter-bnb'), byId('starter-gdao')].map((e) => e!.textContent)).toEqual([
      '1.50000000',
      '100.50',
      '0.0100',
      '3',
    ]);
    expect(byId('pack-1')!.textContent).toContain('Eggs');
    expect(byId('pack-1')!.innerHTML).not.toContain('<b>');
    await click(radio(3));
    expect(byId('starter-submit')!.textContent).toBe('Precalculate transaction GAS');
    await settle(() => byId('starter-submit')!.click());
    expect(calls).toEqual(['quote 100 busd']);
    // 100 + 1 gas > 100.5: pack 3 is now out of reach
    expect(byId('starter-submit')!.textContent).toBe('Insufficent USDC balance');
    expect(radio(3).disabled).toBe(true);
    await click(radio(2));
    expect(byId('starter-submit')!.textContent).toBe('Precalculate transaction GAS');
    await settle(() => byId('starter-submit')!.click());
    expect(byId('starter-submit')!.textContent).toBe('Enter Cryptonomics');
    await settle(() => byId('starter-submit')!.click());
    expect(calls).toEqual(['quote 100 busd', 'quote 50 busd', 'buy 2']);
    expect(byId('starter-submit')!.textContent).toBe('Done!');
  });

  it('buys pack 4 at once, without gas', async () => {
    setUser({ start_gas: true, balance_busd: '20' });
    mounted = await render(<StarterBuyScreen api={api} onRefresh={() => undefined} onPoll={() => undefined} locked={false} />);
    await settle(() => undefined);
    await click(radio(4));
    expect(byId('starter-submit')!.textContent).toBe('Enter Cryptonomics');
    await settle(() => byId('starter-submit')!.click());
    expect(calls).toEqual(['buy 4']);
  });

  it('is locked for Aeon Computing while the round is locked, and sends a player without gas to /startergas', async () => {
    setUser({ start_gas: true, balance_busd: '100' });
    mounted = await render(<StarterBuyScreen api={api} onRefresh={() => undefined} onPoll={() => undefined} locked />);
    await settle(() => undefined);
    expect(byId('starter-submit')!.textContent).toBe('Locked for Aeon Computing');
    mounted.unmount();
    setUser({ start_gas: false, balance_busd: '100' });
    mounted = await render(<StarterBuyScreen api={api} onRefresh={() => undefined} onPoll={() => undefined} locked={false} />);
    await settle(() => undefined);
    expect(byId('starter-submit')!.textContent).toBe('Invoke Mastership');
    await settle(() => byId('starter-submit')!.click());
    expect(location.pathname).toBe('/startergas');
  });

  it('shows why the packs did not load', async () => {
    setUser({ start_gas: true });
    mounted = await render(
      <StarterBuyScreen
        api={{ ...api, starterPacks: () => Promise.resolve(failed('Shop closed')) }}
        onPoll={() => undefined}
        locked={false}
      />,
    );
    await settle(() => undefined);
    expect(byId('starter-loading')!.textContent).toBe('Shop closed');
  });
});

describe('DepositScreen', () => {
  it('shows the address, copies it with Copied for 1 s, draws the QR and asks for test coin', async () => {
    setUser({});
    const qr = vi.fn(() => Promise.resolve('data:image/png;base64,AAAA'));
    mounted = await render(<DepositScreen api={api} qr={qr} />);
    await settle(() => undefined);
    expect(byId('deposit-address')!.textContent).toBe(ADDR);
    expect(qr).toHaveBeenCalledWith(ADDR);
    expect(byId('deposit-qr')!.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    await click(byId('deposit-address')!);
    expect(byId('deposit-address')!.textContent).toBe('Copied');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(byId('deposit-address')!.textContent).toBe(ADDR);
    await settle(() => byId('test-coin')!.click());
    expect(byId('deposit-note')!.textContent).toBe('Test Coin Sent');
  });
});
