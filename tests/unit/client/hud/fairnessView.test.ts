/** The /fairness screen's headless parts: the procedure text, check and payout rows, paging, short forms. */
import { describe, expect, it } from 'vitest';
import {
  appendRounds,
  anglsText,
  checkRows,
  FAIRNESS_STEPS,
  payoutRows,
  shortThreshold,
} from '../../../../src/client/hud/screens/fairnessView';
import { verifyRound } from '../../../../src/shared/rules/round/verifyRound';
import { honestDetail } from '../../shared/round/roundDetailFixture';

const round = (id: number) => ({
  id,
  chain_id: 1,
  hash: String(id).padStart(64, '0'),
  threshold: '0.5',
  ends_at: '2026-11-23 12:00:00',
  block_number: null,
  block_hash: null,
});

describe('fairness view', () => {
  it('explains the procedure: terminal hash first, the chain, T from the HMAC, r ≤ T wins', () => {
    const text = FAIRNESS_STEPS.join(' ');
    expect(text).toMatch(/terminal hash/);
    expect(text).toMatch(/SHA-256 of a round's hash must equal the hash the round before it revealed/);
    expect(text).toMatch(/first 52 bits of HMAC-SHA256\(key = the round hash, message = that block's hash\), divided by 2\^52/);
    expect(text).toMatch(/previous round's own record/);
    expect(text).toMatch(/wins \(↑\) when r ≤ T/);
  });

  it('marks every check ✓ for an honest round, and ✗ with the difference for a tampered one', () => {
    expect(checkRows(verifyRound(honestDetail())).map((c) => c.mark)).toEqual(['✓', '✓', '✓', '✓']);
    const d = honestDetail();
    d.entries[2]!.zone = 'bot';
    const rows = checkRows(verifyRound(d));
    expect(rows.map((c) => c.mark)).toEqual(['✓', '✓', '✗', '✓']);
    expect(rows[2]).toMatchObject({ name: 'settlement', details: ['zone of eidol 9: expected top, published bot'] });
  });

  it('lists the payouts in ANGLS with ↑/↓/– zones and a ✗ where a published value differs', () => {
    const honest = payoutRows(verifyRound(honestDetail()));
    expect(honest.map((r) => [r.eidolId, r.zone, r.mark])).toEqual([
      [5, '↑', '✓'],
      [7, '↑', '✓'],
      [9, '↓', '✓'],
      [11, '–', '✓'],
      [12, '↑', '✓'],
    ]);
    // Eidol 7: V 250, r 0.5, Yieldy 10: S 125 booked in full (Yieldy weighs its emission), G 125, so the win leg pays 250.
    expect(honest[1]).toMatchObject({ risk: '0.5', stake: '125', payout: '250' });
    const d = honestDetail();
    d.entries[1]!.payout = '25000000001';
    const row = payoutRows(verifyRound(d))[1]!;
    expect(row).toMatchObject({ ok: false, mark: '✗', payout: '250.00000001', differences: ['payout 250 (published 250.00000001)'] });
  });

  it('appends an older page once, keeping rounds already listed', () => {
    expect(appendRounds([round(9), round(8)], [round(8), round(7)]).map((r) => r.id)).toEqual([9, 8, 7]);
    expect(appendRounds([], [round(3)]).map((r) => r.id)).toEqual([3]);
  });

  it('shortens thresholds for the list, and shows unreadable amounts as they are', () => {
    expect(shortThreshold('0.5385176351361014')).toBe('0.538517');
    expect(shortThreshold('0')).toBe('0');
    expect(anglsText('150000000')).toBe('1.5');
    expect(anglsText('1e9')).toBe('1e9');
  });
});
