/**
 * Test helpers for settlement: a snapshot eidol with defaults, and an independent replay of the booked
 * transfers over a balance map that asserts conservation and solvency after every single transfer.
 */
import { expect } from 'vitest';
import type { Settlement, SettlementAccount, SettlementInput, SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';

/** A snapshot eidol: value 100 ANGLS, risk 0, Yieldy 0, a level-1 eidol, unless overridden. */
export function snap(id: number, over: Partial<SnapshotEidol> = {}): SnapshotEidol {
  const value = over.value ?? 100n * 10n ** 8n;
  return { id, owner: 1, value, risk: '0', yieldy: 0, type: 'eidol', xp: 0, level: 1, topValue: value, noLossValue: value, ...over };
}

const key = (a: SettlementAccount) => (a.kind === 'eidol' ? `e${a.id}` : 'pool');

/** Replays `out.transfers` from the input's balances; asserts every invariant of conservation and solvency. */
export function assertBooksBalance(input: SettlementInput, out: Settlement): void {
  const bal = new Map<string, bigint>([['pool', input.poolBefore]]);
  for (const e of input.eidols) bal.set(`e${e.id}`, e.value);
  const totalBefore = [...bal.values()].reduce((a, b) => a + b, 0n);
  const ids = new Set<string>();
  for (const t of out.transfers) {
    expect(t.amount > 0n).toBe(true);
    expect(ids.has(t.id)).toBe(false);
    ids.add(t.id);
    expect(t.id).toMatch(new RegExp(`^round:${input.roundId}:\\d+:(bet|win|mined)$`));
    const d = key(t.debit),
      c = key(t.credit);
    expect(d).not.toBe(c);
    expect(bal.has(d) && bal.has(c)).toBe(true);
    // Every round leg moves money between one eidol and the pool.
    expect([d, c]).toContain('pool');
    bal.set(d, bal.get(d)! - t.amount);
    bal.set(c, bal.get(c)! + t.amount);
    expect(bal.get(d)! >= 0n).toBe(true); // no account ever overdrawn, even mid-batch
  }
  const totalAfter = [...bal.values()].reduce((a, b) => a + b, 0n);
  expect(totalAfter).toBe(totalBefore);
  expect(bal.get('pool')).toBe(out.totals.poolAfter);
  for (const e of out.eidols) {
    expect(bal.get(`e${e.id}`)).toBe(e.value);
    expect(e.value >= 0n).toBe(true);
  }
  const sumValues = (xs: readonly { value: bigint }[]) => xs.reduce((a, e) => a + e.value, 0n);
  expect(sumValues(out.eidols) + out.totals.poolAfter).toBe(sumValues(input.eidols) + input.poolBefore);
  const t = out.totals;
  // Winners are paid in full: Σ win legs = Σ (S + G) of the winners; the emission is paid exactly.
  expect(out.eidols.reduce((a, e) => a + (e.zone === 'bot' ? e.stake + e.claim : 0n), 0n)).toBe(
    out.eidols.reduce((a, e) => a + e.payout, 0n),
  );
  expect(t.claimsPaid).toBe(out.eidols.reduce((a, e) => a + (e.zone === 'bot' ? e.claim : 0n), 0n));
  expect(t.emissionPaid).toBe(t.emission);
  expect(out.eidols.reduce((a, e) => a + e.emission, 0n)).toBe(t.emission);
  expect(t.emission <= t.poolAfterSettling).toBe(true);
  expect(t.poolAfter >= 0n).toBe(true);
}
