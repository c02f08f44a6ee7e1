/** `checkLedger`: proves the ledger's invariants on the stored data (one consistent snapshot). */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { INVARIANTS, ledgerCounts } from './checkQueries';

/** The checker's verdict: `violations` empty means every invariant holds. */
export interface LedgerReport {
  ok: boolean;
  violations: string[];
  /** Keys of the invariants that do not hold (`Invariant.key`), in check order. */
  broken: string[];
  counts: { accounts: number; transfers: number; entries: number; assets: number };
  /** `ledger ok: …` or `ledger BROKEN: …`. */
  summary: string;
}

async function runChecks(k: Kysely<Database>): Promise<LedgerReport> {
  const violations: string[] = [];
  const broken: string[] = [];
  for (const inv of INVARIANTS) {
    const { rows } = await inv.query.execute(k);
    for (const row of rows) violations.push(`${inv.name}: ${inv.describe(row)}`);
    if (rows.length > 0) broken.push(inv.key);
  }
  const counts = await ledgerCounts(k);
  const what = `${counts.assets} assets, ${counts.accounts} accounts, ${counts.transfers} transfers, ${counts.entries} entries`;
  const ok = violations.length === 0;
  const summary = ok
    ? `ledger ok: ${what}; ${INVARIANTS.length} invariants hold`
    : `ledger BROKEN: ${violations.length} violation(s) in ${what}`;
  return { ok, violations, broken, counts, summary };
}

/** Checks every invariant in one read transaction (a consistent snapshot even while transfers run). */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(runChecks);
  }
  // SQLite: a deferred transaction reads one WAL snapshot; Kysely's plain BEGIN is exactly that.
  return db.kysely.transaction().execute(runChecks);
}
