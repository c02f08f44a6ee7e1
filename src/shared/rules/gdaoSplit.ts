/**
 * The monthly gDAO budget shared pro rata to activity (ECONOMY.md "Monthly gDAO income") with exact
 * whole-token amounts that sum to the budget; the published rows hash with gdaoDistribution.ts.
 */

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
