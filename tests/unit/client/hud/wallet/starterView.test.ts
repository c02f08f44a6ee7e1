/** Activation logic: the gas deposit minimum, affordable packs with gas (pack 4 without), the purchase request. */
import { describe, expect, it } from 'vitest';
import {
  AGREE_COVENANT,
  CHOOSE_PACK,
  gasDepositInvalid,
  packDisabled,
  starterRequest,
} from '../../../../../src/client/hud/screens/wallet/starterView';
import type { StarterPack } from '../../../../../src/client/net/walletApi';
import { makeUser } from '../../machines/fixtures';

const pack = (id: number, price: string): StarterPack => ({
  id,
  name: `Pack ${id}`,
  type: 'startpak',
  description: '',
  price_ngls: '0',
  price_bnb: '0',
  price_busd: price,
  price_token: '0',
});
const PACKS = [pack(1, '10'), pack(2, '50'), pack(3, '100'), pack(4, '100')];
const FEE = { ngls: '0', busd: '0.5', bnb: '0' };
const user = makeUser({ balance_busd: '100', balance_bnb: '0.001' });

describe('gas deposit', () => {
  it('wants the covenant, then at least 0.001 BNB', () => {
    expect(gasDepositInvalid(user, false)).toBe(AGREE_COVENANT);
    expect(gasDepositInvalid(user, true)).toBe('');
    expect(gasDepositInvalid(makeUser({ balance_bnb: '0.0009' }), true)).toBe('0.001 BNB GAS deposit required');
  });
});

describe('starter packs', () => {
  it('disables a pack whose price plus gas exceeds the USDC balance; pack 4 carries no gas', () => {
    expect(PACKS.map((p, i) => packDisabled(p, i, user, null))).toEqual([false, false, false, false]);
    expect(PACKS.map((p, i) => packDisabled(p, i, user, FEE))).toEqual([false, false, true, false]);
    expect(packDisabled(pack(9, '100.01'), 0, user, null)).toBe(true);
  });

  it('builds the request of the chosen pack; pack 4 is bought directly', () => {
    expect(starterRequest(PACKS, null, user, null)).toMatchObject({ body: null, invalid: CHOOSE_PACK });
    expect(starterRequest(PACKS, 2, user, null)).toEqual({
      body: {
        quote: { amount: '50', currency: 'busd', to_address: '0x0000000000000000000000000000000000000000', gas: '0' },
        shopItemId: 2,
      },
      key: '2',
      invalid: '',
      direct: false,
    });
    expect(starterRequest(PACKS, 3, user, FEE).invalid).toBe('Insufficent USDC balance');
    expect(starterRequest(PACKS, 4, user, FEE)).toMatchObject({ invalid: '', direct: true });
  });
});
