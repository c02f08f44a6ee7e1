/**
 * Addresses: shape, EIP-55 checksum (checked against viem's reference implementation), spec texts.
 * Reproduce a failure of the random property with ADDRESS_SEED=<printed seed>.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress, isAddress } from 'viem';
import { hasAddressShape, isValidAddress, toChecksumAddress, validateAddress } from '../../../../src/shared/rules/wallet/address';

const seed = Number(process.env.ADDRESS_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.info(`[address property] seed=${seed} (ADDRESS_SEED=${seed} reproduces)`);

// The EIP-55 document's own examples.
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('address shape', () => {
  it('wants 0x and exactly 40 hex characters', () => {
    expect(hasAddressShape(`0x${'a'.repeat(40)}`)).toBe(true);
    expect(hasAddressShape(`0x${'a'.repeat(39)}`)).toBe(false);
    expect(hasAddressShape(`0x${'a'.repeat(41)}`)).toBe(false);
    expect(hasAddressShape(`${'a'.repeat(42)}`)).toBe(false);
    expect(hasAddressShape(`0x${'g'.repeat(40)}`)).toBe(false);
    expect(hasAddressShape(`0X${'a'.repeat(40)}`)).toBe(false);
  });
});

describe('EIP-55', () => {
  it('checksums the EIP examples', () => {
    for (const a of EIP55) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
      expect(isValidAddress(a)).toBe(true);
    }
  });

  it('accepts all-lower and all-upper spellings, refuses a mixed case with a wrong checksum', () => {
    const a = EIP55[0] as string;
    expect(isValidAddress(a.toLowerCase())).toBe(true);
    expect(isValidAddress(`0x${a.slice(2).toUpperCase()}`)).toBe(true);
    // All upper, one letter: viem's strict check refuses it (its checksum spells the B in lower case).
    expect(isValidAddress(`0x${'0'.repeat(39)}B`)).toBe(true);
    // flip the case of one letter: the checksum no longer matches
    const i = a.search(/[a-f]/);
    const typo = a.slice(0, i) + (a[i] as string).toUpperCase() + a.slice(i + 1);
    expect(isValidAddress(typo)).toBe(false);
  });

  it('agrees with viem on random addresses and random casings', () => {
    const hexChar = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));
    fc.assert(
      fc.property(fc.array(hexChar, { minLength: 40, maxLength: 40 }), (chars) => {
        const addr = `0x${chars.join('')}`;
        expect(toChecksumAddress(addr)).toBe(getAddress(addr.toLowerCase()));
        // viem's strict check takes all-lower spellings unchecked but checks an all-upper one; this app takes
        // both unchecked (the test above). fast-check's bias toward '0' makes bodies like 0x00…0B common.
        const allUpper = addr.slice(2) === addr.slice(2).toUpperCase();
        expect(isValidAddress(addr)).toBe(allUpper || isAddress(addr, { strict: true }));
      }),
      { numRuns: 300, seed },
    );
  });
});

describe('validateAddress', () => {
  it('answers the checksummed address, trimming spaces', () => {
    expect(validateAddress(`  ${(EIP55[1] as string).toLowerCase()} `)).toEqual({ ok: true, address: EIP55[1] });
  });

  it('answers the spec text for anything else', () => {
    for (const bad of ['', '0x', 'hello', 42, null, undefined, `0x${'z'.repeat(40)}`, '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed']) {
      expect(validateAddress(bad)).toEqual({ ok: false, error: 'Specify a valid address' });
    }
  });
});
