/**
 * The monthly gDAO income distribution (ECONOMY.md "Monthly gDAO income"): the budget shared pro rata to
 * activity with exact whole-token amounts that sum to the budget, and the published root hash the
 * browser recomputes: rows ordered by user_id, each line "<user_id>:<activity>:<amount>", lines joined by
 * "\n", sha256, lowercase hex.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** One player's activity of the month. */
export interface ActivityRow {
  user_id: number;
  activity: number;
}

/** A row with its whole-gDAO amount. */
export interface ShareRow extends ActivityRow {
  amount: bigint;
}

/**
 * Splits `budget` among `rows` pro rata to activity: each gets floor(budget × a / A), and the tokens left
 * by the flooring go one each to the largest remainders (ties: lower user_id). Rows with no activity get
 * 0; when nobody was active nothing is paid. Answers the rows in user_id order.
 */
export function splitBudget(budget: bigint, rows: readonly ActivityRow[]): ShareRow[] {
  const sorted = [...rows].sort((a, b) => a.user_id - b.user_id);
  const total = sorted.reduce((s, r) => s + BigInt(r.activity), 0n);
  if (total === 0n) return sorted.map((r) => ({ ...r, amount: 0n }));
  const out = sorted.map((r) => ({ ...r, amount: (budget * BigInt(r.activity)) / total, rest: (budget * BigInt(r.activity)) % total }));
  let left = budget - out.reduce((s, r) => s + r.amount, 0n);
  const order = [...out].sort((a, b) => (a.rest === b.rest ? a.user_id - b.user_id : a.rest > b.rest ? -1 : 1));
  for (const r of order) {
    if (left === 0n) break;
    r.amount += 1n;
    left -= 1n;
  }
  return out.map(({ rest: _rest, ...r }) => r);
}

/** The root hash over a distribution's rows (any order given; hashed in user_id order). */
export function distributionRootHash(rows: readonly { user_id: number; activity: number; amount: bigint | string | number }[]): string {
  const lines = [...rows].sort((a, b) => a.user_id - b.user_id).map((r) => `${r.user_id}:${r.activity}:${String(r.amount)}`);
  return bytesToHex(sha256(utf8ToBytes(lines.join('\n'))));
}
