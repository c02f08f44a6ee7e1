/** The request hash ignores key order and whitespace but nothing else; stored JSON keeps bigints exact. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from '../../../src/server/domain/requests/requestHash';
import { decodeStored, encodeStored } from '../../../src/server/domain/requests/storedJson';

describe('requestHash', () => {
  const base = { method: 'POST', path: '/api/wallet/send', body: { amount: '1.5', currency: 'ngls', to: { address: '0xab', memo: null } } };

  it('is the same for the same request written in another key order or method case', () => {
    const reordered = {
      method: 'post',
      path: '/api/wallet/send',
      body: { to: { memo: null, address: '0xab' }, currency: 'ngls', amount: '1.5' },
    };
    expect(requestHash(reordered)).toBe(requestHash(base));
    expect(requestHash(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when any part differs', () => {
    const h = requestHash(base);
    expect(requestHash({ ...base, method: 'PUT' })).not.toBe(h);
    expect(requestHash({ ...base, path: '/api/wallet/exchange' })).not.toBe(h);
    expect(requestHash({ ...base, body: { ...base.body, amount: '1.50' } })).not.toBe(h);
    expect(requestHash({ ...base, body: { ...base.body, amount: 1.5 } })).not.toBe(h);
    expect(requestHash({ ...base, params: { id: 'a' } })).not.toBe(requestHash({ ...base, params: { id: 'b' } }));
    expect(requestHash({ ...base, query: { type: 'item' } })).not.toBe(h);
  });

  it('writes one canonical text per value', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: undefined }], a: 10n })).toBe('{"a":"10","b":[2,{"d":1}]}');
  });
});

describe('stored JSON', () => {
  it('reads back bigints beyond float precision, and leaves look-alike objects with more keys alone', () => {
    const value = { amount: 9_007_199_254_740_993n, list: [-1n, 'x', null], other: { $bigint: '5', note: 'kept' } };
    const back = decodeStored(encodeStored(value));
    expect(back).toEqual(value);
  });
});
