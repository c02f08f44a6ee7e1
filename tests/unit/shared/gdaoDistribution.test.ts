/** The monthly gDAO distribution's canonical lines, root hash (checked against node's own sha256) and sum check. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalWhole, checkDistribution, distributionLine, distributionRoot } from '../../../src/shared/rules/gdaoDistribution';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const rows = [
  { user_id: 12, name: 'Bea', activity: 3, share: '0.3', amount: '30' },
  { user_id: 7, name: 'Ada', activity: 7, share: '0.7', amount: 70 },
];

describe('gDAO distribution root', () => {
  it('writes one line per row as "<user_id>:<activity>:<amount>"', () => {
    expect(distributionLine({ user_id: 7, activity: 7, amount: 70 })).toBe('7:7:70');
    expect(distributionLine({ user_id: 7, activity: '007', amount: '70.000' })).toBe('7:7:70');
    expect(distributionLine({ user_id: 1, activity: 0, amount: 0n })).toBe('1:0:0');
  });

  it('orders the rows by user_id, joins them with "\\n" and hashes with sha256 (lowercase hex)', () => {
    expect(distributionRoot(rows)).toBe(sha('7:7:70\n12:3:30'));
    expect(distributionRoot([...rows].reverse())).toBe(distributionRoot(rows));
    // Numeric order, not text order: 7 before 12.
    expect(distributionRoot(rows)).not.toBe(sha('12:3:30\n7:7:70'));
    expect(distributionRoot([])).toBe(sha(''));
  });

  it('refuses fractional or negative amounts instead of hashing a different spelling', () => {
    expect(() => canonicalWhole('1.5', 'amount')).toThrow(/whole/);
    expect(() => canonicalWhole(-1, 'amount')).toThrow(/whole/);
    expect(() => distributionLine({ user_id: 1.5, activity: 1, amount: 1 })).toThrow(/user_id/);
  });
});

describe('checkDistribution', () => {
  it('agrees when the published root and budget match the rows', () => {
    const c = checkDistribution({ budget: '100', root_hash: sha('7:7:70\n12:3:30'), rows });
    expect(c).toEqual({
      computedRoot: sha('7:7:70\n12:3:30'),
      rootMatches: true,
      total: '100',
      budget: '100',
      sumMatches: true,
      problem: '',
    });
  });

  it('flags a wrong root and a sum that is not the budget', () => {
    const c = checkDistribution({ budget: 99, root_hash: 'ab'.repeat(32), rows });
    expect(c.rootMatches).toBe(false);
    expect(c.sumMatches).toBe(false);
    expect(c.total).toBe('100');
  });

  it('accepts an uppercase published root, and reports an unreadable row as a problem', () => {
    expect(checkDistribution({ budget: '100', root_hash: sha('7:7:70\n12:3:30').toUpperCase(), rows }).rootMatches).toBe(true);
    const bad = checkDistribution({ budget: '1', root_hash: '', rows: [{ user_id: 1, activity: 1, amount: '0.5' }] });
    expect(bad).toMatchObject({ computedRoot: null, rootMatches: false, sumMatches: false });
    expect(bad.problem).toMatch(/amount/);
  });
});
