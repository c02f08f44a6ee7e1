/** verifyRound: an honest published round passes; each single tampering is reported at its own place. */
import { describe, expect, it } from 'vitest';
import type { FairRoundDetail } from '../../../../src/shared/api/game';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { describeMismatch, verifyRound } from '../../../../src/shared/rules/round/verifyRound';
import { FIXTURE_CHAIN, honestDetail } from './roundDetailFixture';

const tampered = (change: (d: FairRoundDetail) => void): FairRoundDetail => {
  const d = structuredClone(honestDetail());
  change(d);
  return d;
};
const failing = (d: FairRoundDetail) =>
  verifyRound(d)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

describe('verifyRound', () => {
  it('passes an honest round: every check, every entry, the same transfers the server books', () => {
    const d = honestDetail();
    const v = verifyRound(d);
    expect(v.ok).toBe(true);
    expect(v.mismatches).toEqual([]);
    expect(v.checks.map((c) => [c.name, c.ok])).toEqual([
      ['chain', true],
      ['threshold', true],
      ['settlement', true],
      ['pool', true],
    ]);
    expect(v.thresholdUnits).toBe(d.threshold_units);
    expect(v.entries.map((e) => e.ok)).toEqual([true, true, true, true, true]);
    expect(v.entries.find((e) => e.eidolId === 9)?.expected?.zone).toBe('top');
    expect(v.settlement?.transfers.map((t) => t.id)).toContain('round:12:9:bet');
  });

  it('passes the first round of a chain against the terminal hash', () => {
    const d = honestDetail();
    d.hash = FIXTURE_CHAIN.hashes[0]!;
    d.previous_hash = FIXTURE_CHAIN.terminalHash;
    expect(verifyRound(d).checks[0]).toEqual({ name: 'chain', ok: true, mismatches: [] });
  });

  it('reports a replaced hash at the chain link and the threshold', () => {
    const d = tampered((x) => (x.hash = FIXTURE_CHAIN.hashes[3]!));
    expect(failing(d)[0]).toBe('chain');
    expect(failing(d)).toContain('threshold');
    const v = verifyRound(d);
    expect(v.ok).toBe(false);
    expect(v.mismatches[0]).toMatchObject({ field: 'hash', eidolId: null, published: `previous_hash ${FIXTURE_CHAIN.hashes[1]}` });
  });

  it('reports a malformed hash without throwing', () => {
    const v = verifyRound(tampered((x) => (x.hash = 'AB'.repeat(32))));
    expect(v.ok).toBe(false);
    expect(v.checks.map((c) => c.ok)).toEqual([false, false, false, false]);
    expect(v.settlement).toBeNull();
  });

  it('reports a changed salt at the threshold only (the chain still links)', () => {
    const d = tampered((x) => (x.salt = 'another-salt'));
    const v = verifyRound(d);
    expect(v.checks[0]?.ok).toBe(true);
    expect(v.checks[1]?.mismatches.map((m) => m.field)).toEqual(['threshold_units', 'threshold']);
    expect(v.checks[1]?.mismatches[0]?.published).toBe(honestDetail().threshold_units);
  });

  it('reports a published threshold that is not the HMAC of hash and salt', () => {
    const d = tampered((x) => (x.threshold_units = '1'));
    expect(failing(d)).toEqual(['threshold']);
    expect(verifyRound(d).mismatches).toEqual([
      { field: 'threshold_units', eidolId: null, expected: honestDetail().threshold_units, published: '1' },
    ]);
  });

  it('reports one altered payout at its eidol and field only', () => {
    const d = tampered((x) => (x.entries[1]!.payout = (BigInt(x.entries[1]!.payout) + 1n).toString()));
    const v = verifyRound(d);
    expect(failing(d)).toEqual(['settlement']);
    expect(v.mismatches).toEqual([
      { field: 'payout', eidolId: 7, expected: honestDetail().entries[1]!.payout, published: d.entries[1]!.payout },
    ]);
    expect(v.entries.map((e) => e.ok)).toEqual([true, false, true, true, true]);
    expect(describeMismatch(v.mismatches[0]!)).toBe(`payout of eidol 7: expected 25000000000, published 25000000001`);
  });

  it('reports one altered zone at its eidol', () => {
    const d = tampered((x) => (x.entries[2]!.zone = 'bot'));
    const v = verifyRound(d);
    expect(v.mismatches).toEqual([{ field: 'zone', eidolId: 9, expected: 'top', published: 'bot' }]);
  });

  it('reports an altered pool after the round, and a changed pool before it everywhere it matters', () => {
    const after = tampered((x) => (x.pool_after = (BigInt(x.pool_after) - 5n).toString()));
    expect(failing(after)).toEqual(['pool']);
    expect(verifyRound(after).mismatches[0]).toMatchObject({ field: 'pool_after', expected: honestDetail().pool_after });
    // A pool before the round 1,000 times smaller makes its rate, not y × Σ S, bound the emission: every
    // participant's share and the pool after change.
    const before = tampered((x) => (x.pool_before = (BigInt(x.pool_before) / 1000n).toString()));
    expect(failing(before)).toEqual(['settlement', 'pool']);
    expect(verifyRound(before).mismatches.some((m) => m.field === 'mined' && m.eidolId === 5)).toBe(true);
  });

  it('reports an altered snapshot (a risk) through the results it changes', () => {
    const v = verifyRound(tampered((x) => (x.entries[0]!.risk = '0.99')));
    expect(v.ok).toBe(false);
    expect(v.mismatches.filter((m) => m.eidolId === 5).map((m) => m.field)).toContain('zone');
  });

  it('reports unreadable money and an impossible snapshot instead of throwing', () => {
    const money = verifyRound(tampered((x) => (x.entries[0]!.value_before = '1e9')));
    expect(money.mismatches[0]).toMatchObject({ field: 'value_before', eidolId: 5, published: '1e9' });
    expect(money.settlement).toBeNull();
    const yieldy = verifyRound(tampered((x) => (x.entries[0]!.yieldy = 99)));
    expect(yieldy.mismatches[0]).toMatchObject({ field: 'entries', published: 'eidol 5: yieldy 99 outside 0..10' });
  });

  it('uses the config it is given (other constants, other results)', () => {
    const v = verifyRound(honestDetail(), { ...ECONOMY_CONFIG, emissionPerStakePpm: ECONOMY_CONFIG.emissionPerStakePpm - 1n });
    expect(v.ok).toBe(false);
  });
});
