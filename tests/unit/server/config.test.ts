/** Configuration parsing: TRUST_PROXY (a hop count or proxy addresses; `true` is refused) and FAIRNESS_CHAIN_LENGTH. */
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, parseTrustProxy } from '../../../src/server/config';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('takes a hop count or addresses/CIDRs', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8,fd00::/8,loopback')).toEqual(['10.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    const trust = fastifyTrustProxy(2) as (a: string, hop: number) => boolean;
    expect([trust('x', 0), trust('x', 1), trust('x', 2)]).toEqual([true, true, false]);
  });

  it('refuses true and anything that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true .*TRUST_PROXY=1/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});

describe('FAIRNESS_CHAIN_LENGTH', () => {
  it('defaults to a million rounds per chain and refuses a chain of none', () => {
    expect(loadConfig({}).fairnessChainLength).toBe(1_000_000);
    expect(loadConfig({ FAIRNESS_CHAIN_LENGTH: '50' }).fairnessChainLength).toBe(50);
    expect(() => loadConfig({ FAIRNESS_CHAIN_LENGTH: '0' })).toThrow(/FAIRNESS_CHAIN_LENGTH must be at least 1/);
    expect(() => loadConfig({ FAIRNESS_CHAIN_LENGTH: 'many' })).toThrow(/FAIRNESS_CHAIN_LENGTH/);
  });
});
