// @vitest-environment jsdom
/**
 * The send screen in the DOM: prefilled address, button texts through both stages, the confirm step's
 * statement (kind, recipient, amount, gas, total), amounts kept as typed, the half-filled form kept in the
 * history entry, Done!, refresh and leave.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { PrecalcData } from '../../../../../src/shared/api/transactions';
import SendScreen from '../../../../../src/client/hud/screens/wallet/SendScreen';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { render, settle, typeInto, type Mounted } from '../render';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PRECALC: PrecalcData = {
  transaction: { id: 'tx-9' },
  precalcData: { fee: { ngls: '0.5', busd: '0', bnb: '0.0001' }, destination: 'chain' },
};
const TO_PLAYER: PrecalcData = {
  transaction: { id: 'tx-8' },
  precalcData: { fee: { ngls: '0', busd: '0', bnb: '0' }, destination: 'player' },
};

let mounted: Mounted | undefined;
let sends: Array<{ body: unknown; d: Deferred<ApiResult<PrecalcData>> }>;
let commits: Array<{ id: string; d: Deferred<ApiResult<unknown>> }>;
let refreshed: number;
const api = {
  send: (body: unknown) => {
    const d = deferred<ApiResult<PrecalcData>>();
    sends.push({ body, d });
    return d.promise;
  },
  commit: (id: string) => {
    const d = deferred<ApiResult<unknown>>();
    commits.push({ id, d });
    return d.promise;
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  sends = [];
  commits = [];
  refreshed = 0;
  history.replaceState(null, '', '/send');
  $session.set({ status: 'user', user: makeUser({ start_gas: true, start_pack: true, balance_ngls: '10' }), authError: false });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const submit = () => mounted!.container.querySelector<HTMLButtonElement>('[data-testid="send-submit"]')!;
const input = (id: string) => mounted!.container.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
const show = (sendto = ADDR) => render(<SendScreen sendto={sendto} api={api as never} onRefresh={() => void refreshed++} />);

describe('SendScreen', () => {
  it('prefills the address, and the button asks for what is missing', async () => {
    mounted = await show();
    expect(input('send-address').value).toBe(ADDR);
    expect(submit().textContent).toBe('Specify correct amount');
    expect(submit().disabled).toBe(true);
    typeInto(input('send-address'), '0x12');
    typeInto(input('send-amount'), '1,5');
    expect(input('send-amount').value).toBe('1,5');
    expect(submit().textContent).toBe('Specify a valid address');
  });

  it('keeps an amount as typed and refuses what it cannot read, instead of rewriting it', async () => {
    mounted = await show();
    for (const typed of ['1e9', '-5', '1.5.2', '2 ANGLS', '0.123456789']) {
      typeInto(input('send-amount'), typed);
      expect(input('send-amount').value).toBe(typed);
      expect(submit().textContent).toBe('Specify correct amount');
      expect(submit().disabled).toBe(true);
    }
    typeInto(input('send-amount'), '2');
    expect(submit().textContent).toBe('Calculate GAS');
  });

  it('keeps the half-filled form in its history entry: back and forward again finds it, a new visit starts empty', async () => {
    mounted = await show('');
    typeInto(input('send-address'), '0x5aAeb6053F3E');
    typeInto(input('send-amount'), '1e');
    mounted.unmount();
    // Back and forward again: the browser hands the entry's state back and the screen mounts anew.
    mounted = await show('');
    expect(input('send-address').value).toBe('0x5aAeb6053F3E');
    expect(input('send-amount').value).toBe('1e');
    mounted.unmount();
    history.pushState(null, '', '/send');
    mounted = await show('');
    expect(input('send-address').value).toBe('');
    expect(input('send-amount').value).toBe('');
  });

  it('states the on-chain withdrawal before it is approved: kind, recipient, amount, gas and total', async () => {
    mounted = await show();
    typeInto(input('send-amount'), '2');
    expect(mounted.container.querySelector('[data-testid="send-confirm"]')).toBeNull();
    await settle(() => submit().click());
    await settle(() => sends[0]!.d.resolve(ok(PRECALC)));
    const line = (id: string) => mounted!.container.querySelector(`[data-testid="send-confirm-${id}"]`)!.textContent;
    expect(line('kind')).toBe('On-chain withdrawal: leaves the platform for the address below');
    expect(line('recipient')).toBe(ADDR);
    expect(line('amount')).toBe('2.00000000 ANGLS');
    expect(line('gas')).toBe('0.50000000 ANGLS');
    expect(line('total')).toBe('2.50000000 ANGLS');
    expect(mounted.container.querySelector('h2')!.textContent).toBe('Check and confirm');
    expect(submit().textContent).toBe('Confirm on-chain withdrawal');
    // A change of the form goes back to stage 0: the statement is gone with it.
    typeInto(input('send-amount'), '3');
    expect(mounted.container.querySelector('[data-testid="send-confirm"]')).toBeNull();
    expect(mounted.container.querySelector('h2')!.textContent).toBe('Send Coins');
  });

  it('states a send to a player as such, with no gas', async () => {
    mounted = await show();
    typeInto(input('send-amount'), '2');
    await settle(() => submit().click());
    await settle(() => sends[0]!.d.resolve(ok(TO_PLAYER)));
    const line = (id: string) => mounted!.container.querySelector(`[data-testid="send-confirm-${id}"]`)!.textContent;
    expect(line('kind')).toBe('To a player: arrives in their wallet here, no chain');
    expect(line('gas')).toBe('0.00000000 ANGLS');
    expect(line('total')).toBe('2.00000000 ANGLS');
    expect(submit().textContent).toBe('Confirm send to player');
  });

  it('goes through Calculate GAS, the confirm step, Done!, then refreshes and leaves after 750 ms', async () => {
    mounted = await show();
    typeInto(input('send-amount'), '2');
    expect(submit().textContent).toBe('Calculate GAS');
    await settle(() => submit().click());
    expect(submit().textContent).toBe('Processing transaction...');
    expect(sends[0]!.body).toEqual({ amount: '2', currency: 'ngls', to_address: ADDR, gas: '0.00000000' });
    await settle(() => sends[0]!.d.resolve(ok(PRECALC)));
    expect(submit().textContent).toBe('Confirm on-chain withdrawal');
    expect(mounted.container.querySelector('[data-testid="gas-ngls"]')!.textContent).toBe('0.50000000');
    await settle(() => submit().click());
    expect(commits[0]!.id).toBe('tx-9');
    await settle(() => commits[0]!.d.resolve(ok({})));
    expect(submit().textContent).toBe('Done!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(750);
    });
    expect(refreshed).toBe(1);
    expect(location.pathname).toBe('/');
  });

  it('shows the server error, and a change of amount returns to stage 0', async () => {
    mounted = await show();
    typeInto(input('send-amount'), '2');
    await settle(() => submit().click());
    await settle(() => sends[0]!.d.resolve(failed('The given data was invalid.', { amount: ['Insufficent ANGLS balance.'] })));
    expect(submit().textContent).toBe('Insufficent ANGLS balance');
    typeInto(input('send-amount'), '3');
    expect(submit().textContent).toBe('Calculate GAS');
  });

  it('counts the gas: in stage 1 a balance short by the gas says so', async () => {
    mounted = await show();
    typeInto(input('send-amount'), '10');
    await settle(() => submit().click());
    await settle(() => sends[0]!.d.resolve(ok(PRECALC)));
    expect(submit().textContent).toBe('Insufficent ANGLS balance');
    expect(submit().disabled).toBe(true);
  });

  it('offers Invoke Mastership to an unactivated player', async () => {
    $session.set({ status: 'user', user: makeUser({ start_gas: false, start_pack: false }), authError: false });
    mounted = await show();
    expect(submit().textContent).toBe('Invoke Mastership');
    await settle(() => submit().click());
    expect(location.pathname).toBe('/startergas');
    expect(sends).toEqual([]);
  });
});
