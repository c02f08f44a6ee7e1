/**
 * The published monthly gDAO distribution (ECONOMY.md "Monthly gDAO income") and its root hash: rows ordered
 * by user_id, each as the canonical line `"<user_id>:<activity>:<amount>"` (amount in whole gDAO), the lines
 * joined by "\n", sha256 over their UTF-8 bytes, lowercase hex. The server publishes it; any browser
 * recomputes it from the rows with these same functions, and checks that the amounts add up to the budget.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The fields of a row that the root hash covers. */
export interface DistributionLineRow {
  user_id: number;
  /** The player's counted activity of the month (rounds joined, invited players' activity included). */
  activity: number | string;
  /** Whole gDAO paid to the player. */
  amount: number | string | bigint;
}

/** A whole, non-negative number in its one canonical spelling ("0", "12"); throws on anything else. */
export function canonicalWhole(value: number | string | bigint, what: string): string {
  const text = typeof value === 'bigint' ? value.toString() : String(value).trim();
  // "12.000" still names a whole amount; a real fraction cannot be part of a whole-gDAO line.
  const m = /^(\d+)(?:\.0*)?$/.exec(text);
  if (!m) throw new RangeError(`${what} is not a whole non-negative number: "${text}"`);
  return BigInt(m[1]!).toString();
}

/** The canonical line of one row. */
export function distributionLine(row: DistributionLineRow): string {
  if (!Number.isSafeInteger(row.user_id) || row.user_id < 0) throw new RangeError(`user_id is not a whole number: ${row.user_id}`);
  return `${row.user_id}:${canonicalWhole(row.activity, 'activity')}:${canonicalWhole(row.amount, 'amount')}`;
}

/** The root hash of a month's rows (in any order: they are ordered by user_id first). */
export function distributionRoot(rows: readonly DistributionLineRow[]): string {
  const lines = [...rows].sort((a, b) => a.user_id - b.user_id).map(distributionLine);
  return bytesToHex(sha256(utf8ToBytes(lines.join('\n'))));
}

/** What a player can check about a published month. */
export interface DistributionCheck {
  /** The root recomputed here, or null when a row could not be read. */
  computedRoot: string | null;
  rootMatches: boolean;
  /** Σ amounts in whole gDAO, or null when a row could not be read. */
  total: string | null;
  budget: string | null;
  sumMatches: boolean;
  /** Why a row or the budget could not be read (empty when all were). */
  problem: string;
}

/** Recomputes the root and the sum of a published month and compares them with what was published. */
export function checkDistribution(published: {
  budget: number | string;
  root_hash: string;
  rows: readonly DistributionLineRow[];
}): DistributionCheck {
  let computedRoot: string | null = null;
  let total: bigint | null = null;
  let budget: string | null = null;
  let problem = '';
  try {
    computedRoot = distributionRoot(published.rows);
    total = published.rows.reduce((sum, r) => sum + BigInt(canonicalWhole(r.amount, 'amount')), 0n);
    budget = canonicalWhole(published.budget, 'budget');
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
  }
  return {
    computedRoot,
    rootMatches: computedRoot !== null && computedRoot === published.root_hash.trim().toLowerCase(),
    total: total === null ? null : total.toString(),
    budget,
    sumMatches: total !== null && budget !== null && total.toString() === budget,
    problem,
  };
}
