/** The send form's logic: body, reset key, validation with gas, the gas preview and the sendto parameter. */
import { describe, expect, it } from 'vitest';
import { createRouter } from '@nanostores/router';
import { ROUTE_PATHS } from '../../../../../src/shared/routes';
import { confirmLabel, gasPreview, sendConfirmation, sendRequest, sendtoOf } from '../../../../../src/client/hud/screens/wallet/sendView';
import { makeUser } from '../../machines/fixtures';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const user = makeUser({ balance_ngls: '10', balance_busd: '5', balance_bnb: '0.01' });

describe('sendRequest', () => {
  it('asks for a valid address first, then a correct amount', () => {
    expect(sendRequest({ address: '', amount: '', currency: 'ngls' }, user, null).invalid).toBe('Specify a valid address');
    expect(sendRequest({ address: ADDR, amount: '', currency: 'ngls' }, user, null).invalid).toBe('Specify correct amount');
    expect(sendRequest({ address: ADDR, amount: '10', currency: 'ngls' }, user, null).invalid).toBe('');
    expect(sendRequest({ address: ADDR, amount: '10.00000001', currency: 'ngls' }, user, null).invalid).toBe('Insufficent ANGLS balance');
  });

  it('counts the gas of the chosen currency once precalculated', () => {
    const fee = { ngls: '0.5', busd: '0', bnb: '0.001' };
    expect(sendRequest({ address: ADDR, amount: '10', currency: 'ngls' }, user, fee).invalid).toBe('Insufficent ANGLS balance');
    expect(sendRequest({ address: ADDR, amount: '0.009', currency: 'bnb' }, user, fee).invalid).toBe('');
    expect(sendRequest({ address: ADDR, amount: '0.0091', currency: 'bnb' }, user, fee).invalid).toBe('Insufficent BNB balance');
    expect(sendRequest({ address: ADDR, amount: '6', currency: 'busd' }, user, fee).invalid).toBe('Insufficent USDC balance');
  });

  it('posts the spec fields; the key ignores the gas', () => {
    const a = sendRequest({ address: ` ${ADDR} `, amount: '1.5', currency: 'bnb' }, user, null);
    const b = sendRequest({ address: ADDR, amount: '1.5', currency: 'bnb' }, user, { ngls: '0', busd: '0', bnb: '0.0002' });
    expect(a.body).toEqual({ amount: '1.5', currency: 'bnb', to_address: ADDR, gas: '0.000000000' });
    expect(b.body.gas).toBe('0.000200000');
    expect(a.key).toBe(b.key);
    expect(sendRequest({ address: ADDR, amount: '1.5', currency: 'ngls' }, user, null).key).not.toBe(a.key);
  });
});

describe('helpers', () => {
  it('refuses, not rewrites, an amount it cannot read for the currency (too many decimals, exponents, signs)', () => {
    const user = makeUser({ balance_ngls: '100', balance_busd: '100', balance_bnb: '1' });
    const addr = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    for (const [amount, currency] of [
      ['1,23456789', 'busd'],
      ['abc1.2.3', 'ngls'],
      ['1e9', 'ngls'],
      ['-5', 'ngls'],
    ] as const) {
      const r = sendRequest({ address: addr, amount, currency }, user, null);
      expect(r.invalid).toBe('Specify correct amount');
      expect(r.body.amount).toBe(amount);
    }
    expect(sendRequest({ address: addr, amount: '1,5', currency: 'busd' }, user, null).invalid).toBe('');
  });

  it('states the confirm step in the currency of the send, and names its button by where it goes', () => {
    const form = { address: ' 0xabc ', amount: '1,5', currency: 'busd' } as const;
    expect(sendConfirmation(form, null, null)).toBeNull();
    expect(sendConfirmation(form, { ngls: '5', busd: '0.5', bnb: '0.0005' }, 'chain')).toEqual({
      kind: 'On-chain withdrawal: leaves the platform for the address below',
      recipient: '0xabc',
      amount: '1.50000000 USDC',
      gas: '0.50000000 USDC',
      total: '2.00000000 USDC',
    });
    expect(sendConfirmation({ ...form, amount: '1e9' }, { ngls: '0', busd: '0', bnb: '0' }, 'player')).toBeNull();
    expect(sendConfirmation(form, { ngls: '0', busd: '0', bnb: '0' }, 'player')!.kind).toBe(
      'To a player: arrives in their wallet here, no chain',
    );
    expect(confirmLabel('chain')).toBe('Confirm on-chain withdrawal');
    expect(confirmLabel('player')).toBe('Confirm send to player');
  });

  it('previews gas per currency with 8 decimals', () => {
    expect(gasPreview(null).map((g) => g.gas)).toEqual(['0.00000000', '0.00000000', '0.00000000']);
    expect(gasPreview({ ngls: '0.1', busd: '0.02', bnb: '0.000123456' })).toEqual([
      { currency: 'ngls', name: 'ANGLS', gas: '0.10000000' },
      { currency: 'busd', name: 'USDC', gas: '0.02000000' },
      { currency: 'bnb', name: 'BNB', gas: '0.00012345' },
    ]);
  });

  it('reads sendto from the path or the query', () => {
    expect(sendtoOf({ sendto: ADDR }, {})).toBe(ADDR);
    expect(sendtoOf({ sendto: undefined }, { sendto: ADDR })).toBe(ADDR);
    expect(sendtoOf({}, {})).toBe('');
  });

  it('reads sendto from the URLs the app\u2019s router parses: /send/{address} and /send?sendto={address}', () => {
    const router = createRouter(ROUTE_PATHS);
    for (const url of [`/send/${ADDR}`, `/send?sendto=${ADDR}`, `/send/?sendto=${ADDR}`]) {
      router.open(url);
      const page = router.get()!;
      expect([url, page.route, sendtoOf(page.params as Record<string, string | undefined>, page.search)]).toEqual([url, 'send', ADDR]);
    }
    router.open('/send');
    expect(sendtoOf(router.get()!.params as Record<string, string | undefined>, router.get()!.search)).toBe('');
  });
});
