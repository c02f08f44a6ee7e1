/** Accept-Encoding negotiation of the SPA fallback: server preference on ties, q-values, q=0 refusals. */
import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../../src/server/http/acceptEncoding';

const offered = ['br', 'gzip'];

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['GZIP;Q=0, BR;Q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    [['gzip', 'br'], 'br'],
  ] as [string | string[] | undefined, string | undefined][])('%j → %s', (header, expected) => {
    expect(pickEncoding(header, offered)).toBe(expected);
  });

  it('offers only what exists', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br', [])).toBeUndefined();
  });
});
