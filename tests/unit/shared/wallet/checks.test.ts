/** Balance, allowance, pool and gas-deposit checks; the whole send check; wire money; the spec texts. */
import { describe, expect, it } from 'vitest';
import {
  MIN_GAS_DEPOSIT_BNB_UNITS,
  WALLET_TEXTS,
  ZERO_UNITS,
  balanceUnits,
  checkBalance,
  checkGasDeposit,
  checkPool,
  checkWeeklyLimit,
  clientAmountError,
  feeUnits,
  serverAmountError,
  validateSend,
  wireUnits,
} from '../../../../src/shared/rules/wallet/index';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('checks', () => {
  it('counts gas into the balance check, per currency text', () => {
    expect(checkBalance('ngls', 90n, 10n, 100n)).toBeNull();
    expect(checkBalance('ngls', 91n, 10n, 100n)).toBe('Insufficent ANGLS balance');
    expect(checkBalance('bnb', 1n, 0n, 0n)).toBe('Insufficent BNB balance');
    expect(checkBalance('busd', 1n, 0n, 0n)).toBe('Insufficent USDC balance');
    expect(checkBalance('gdao', 2n, 0n, 1n)).toBe('Insufficent gDAO tokens');
  });

  it('refuses a melt above the weekly allowance and a trade above the pool', () => {
    expect(checkWeeklyLimit(5n, 5n)).toBeNull();
    expect(checkWeeklyLimit(6n, 5n)).toBe('Weekly limit exceeded');
    expect(checkPool('busd', 11n, 10n)).toBe('USDC pool limit reached');
    expect(checkPool('ngls', 11n, 10n)).toBe('ANGLS pool limit reached');
    expect(checkPool('bnb', 11n, 10n)).toBe('BNB pool limit reached');
    expect(checkPool('bnb', 10n, 10n)).toBeNull();
  });

  it('wants at least 0.001 BNB of gas deposit', () => {
    expect(MIN_GAS_DEPOSIT_BNB_UNITS).toBe(1_000_000n);
    expect(checkGasDeposit(999_999n)).toBe('0.001 BNB GAS deposit required');
    expect(checkGasDeposit(1_000_000n)).toBeNull();
  });
});

describe('validateSend', () => {
  const balances = { ngls: 1_000_000_000n, busd: 5_000_000n, bnb: 2_000_000n };

  it('answers the checksummed address and units', () => {
    expect(validateSend({ to_address: ADDR.toLowerCase(), amount: '5', currency: 'ngls' }, balances, ZERO_UNITS)).toEqual({
      ok: true,
      value: { to: ADDR, currency: 'ngls', units: 500_000_000n },
    });
  });

  it('reports address and amount errors together, address first', () => {
    const r = validateSend({ to_address: '0x12', amount: '0', currency: 'busd' }, balances, ZERO_UNITS);
    expect(r).toEqual({
      ok: false,
      message: 'Specify a valid address',
      errors: { to_address: ['Specify a valid address'], amount: ['Specify correct amount'] },
    });
  });

  it('checks amount plus the gas of the chosen currency against its balance', () => {
    const gas = { ngls: 0n, busd: 0n, bnb: 1_000_000n };
    expect(validateSend({ to_address: ADDR, amount: '0.001', currency: 'bnb' }, balances, gas).ok).toBe(true);
    expect(validateSend({ to_address: ADDR, amount: '0.001000001', currency: 'bnb' }, balances, gas)).toEqual({
      ok: false,
      message: 'Insufficent BNB balance',
      errors: { amount: ['Insufficent BNB balance'] },
    });
  });

  it('refuses an unknown currency', () => {
    expect(validateSend({ to_address: ADDR, amount: '1', currency: 'doge' }, balances, ZERO_UNITS)).toMatchObject({
      ok: false,
      errors: { currency: ['Specify a valid currency'] },
    });
  });
});

describe('wire money and texts', () => {
  it('reads balances and fees into units, cutting extra decimals', () => {
    expect(wireUnits('1.123456789', 'busd')).toBe(1_123_456n);
    expect(wireUnits('junk', 'ngls')).toBe(0n);
    expect(balanceUnits({ balance_ngls: '1', balance_busd: '2.5', balance_bnb: '0.001' })).toEqual({
      ngls: 100_000_000n,
      busd: 2_500_000n,
      bnb: 1_000_000n,
    });
    expect(feeUnits({ ngls: '0', busd: '0.01', bnb: '0.0001' })).toEqual({ ngls: 0n, busd: 10_000n, bnb: 100_000n });
  });

  it('round-trips amount errors through the original client’s last-character cut', () => {
    const wire = serverAmountError(WALLET_TEXTS.badAmount);
    expect(wire).toBe('Specify correct amount.');
    expect(clientAmountError([wire, 'other.'])).toBe('Specify correct amount');
    expect(clientAmountError(undefined)).toBeUndefined();
  });
});
