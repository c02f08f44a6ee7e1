/** The exchange's logic: exact quotes per operation, fee percent, allowance label, validation order. */
import { describe, expect, it } from 'vitest';
import {
  LOADING_EXCHANGE,
  allowanceLabel,
  exchangeRequest,
  feePercent,
  quoteUnits,
} from '../../../../../src/client/hud/screens/wallet/exchangeView';
import type { Rates } from '../../../../../src/client/net/walletApi';
import { makeUser } from '../../machines/fixtures';

const RATES: Rates = {
  nglsPrice: '0.1',
  nglsSPrice: '0.09',
  nglsFee: '0.01',
  bnbPrice: '600',
  bnbFee: '0.005',
  exchangePoolNgls: '1000',
  exchangePoolBnb: '1',
  exchangePoolBusdNgls: '50',
  exchangePoolBusdBnb: '100',
};
const user = makeUser({ balance_busd: '1000', balance_ngls: '1000', balance_bnb: '1', withdraws: '500', level: 2 });

describe('quoteUnits', () => {
  it('mints USDC / price × (1 − fee) + 5 %', () => {
    // 10 USDC → 100 ANGLS gross, 1 fee, 99 net, +4.95 bonus = 103.95 ANGLS
    expect(quoteUnits('mint', 10_000_000n, RATES)).toBe(10_395_000_000n);
  });

  it('melts ANGLS × sPrice × (1 − fee)', () => {
    // 100 ANGLS, 1 fee → 99 × 0.09 = 8.91 USDC
    expect(quoteUnits('melt', 10_000_000_000n, RATES)).toBe(8_910_000n);
  });

  it('swaps at bnbPrice × (1 − bnbFee) both ways', () => {
    // 600 USDC → 1 BNB − 0.5 % = 0.995 BNB
    expect(quoteUnits('swapToBnb', 600_000_000n, RATES)).toBe(995_000_000n);
    // 1 BNB → 600 USDC × 0.995 = 597 USDC
    expect(quoteUnits('swapToUsdc', 1_000_000_000n, RATES)).toBe(597_000_000n);
  });

  it('quotes nothing without a price', () => {
    expect(quoteUnits('mint', 10n, { ...RATES, nglsPrice: '0' })).toBe(0n);
  });
});

describe('labels', () => {
  it('shows fees as rounded percents', () => {
    expect(feePercent('mint', RATES)).toBe(1);
    expect(feePercent('swapToBnb', RATES)).toBe(1);
    expect(feePercent('melt', { ...RATES, nglsFee: '0.025' })).toBe(3);
  });

  it('labels the weekly melt allowance by level', () => {
    expect(allowanceLabel(user)).toBe('Apprentice weekly melt limit: 500.00000000 ANGLS');
  });
});

describe('exchangeRequest', () => {
  it('is locked with "Loading exchange..." until the rates arrive', () => {
    expect(exchangeRequest('mint', '10', user, null, null).invalid).toBe(LOADING_EXCHANGE);
  });

  it('checks amount, balance, weekly allowance, then the pool at stage 1', () => {
    expect(exchangeRequest('mint', '', user, RATES, null).invalid).toBe('Specify correct amount');
    expect(exchangeRequest('mint', '1000.01', user, RATES, null).invalid).toBe('Insufficent USDC balance');
    expect(exchangeRequest('melt', '501', user, RATES, null).invalid).toBe('Weekly limit exceeded');
    expect(exchangeRequest('swapToUsdc', '1.1', user, RATES, null).invalid).toBe('Insufficent BNB balance');
    const fee = { ngls: '0', busd: '0', bnb: '0' };
    // 100 USDC mint would pay 1039.5 ANGLS out of a 1000 pool: refused only once precalculated
    expect(exchangeRequest('mint', '100', user, RATES, null).invalid).toBe('');
    expect(exchangeRequest('mint', '100', user, RATES, fee).invalid).toBe('ANGLS pool limit reached');
    expect(exchangeRequest('melt', '500', user, RATES, fee).invalid).toBe('');
    expect(exchangeRequest('swapToBnb', '700', user, RATES, fee).invalid).toBe('BNB pool limit reached');
    expect(exchangeRequest('swapToUsdc', '0.2', user, RATES, fee).invalid).toBe('USDC pool limit reached');
  });

  it('counts the gas in the paid currency', () => {
    expect(exchangeRequest('mint', '1000', user, RATES, { ngls: '0', busd: '0.01', bnb: '0' }).invalid).toBe('Insufficent USDC balance');
  });

  it('posts from, to and amount; the key follows operation and amount', () => {
    const r = exchangeRequest('melt', '5', user, RATES, null);
    expect(r.body).toEqual({ from_currency: 'ngls', to_currency: 'busd', amount: '5' });
    expect(r.key).not.toBe(exchangeRequest('mint', '5', user, RATES, null).key);
  });
});
