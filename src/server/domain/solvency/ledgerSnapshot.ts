/**
 * One consistent read of the ledger for the solvency page: every account's balance summed per asset and
 * account kind, and every player's holdings (their balance plus their eidols' values, per asset) with their
 * salt. One read transaction (PostgreSQL: repeatable read; SQLite: one WAL snapshot), so the per-player
 * amounts add up to exactly the published liabilities; players are read in pages of PAGE_PLAYERS with a
 * turn of the event loop between slices.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { LIABILITY_ASSETS, type LiabilityLeaf } from '../../../shared/rules/liabilityTree';

/** Players read per page inside the snapshot's transaction. */
export const PAGE_PLAYERS = 2_000;

/** A sum of balances of one (asset, owner kind, account name). */
export interface BalanceSum {
  asset: string;
  ownerKind: 'player' | 'eidol' | 'system';
  name: string;
  total: bigint;
}

/** What one snapshot read: the sums, the leaves in ascending user id, and players that had no salt yet. */
export interface LedgerSnapshot {
  sums: BalanceSum[];
  leaves: LiabilityLeaf[];
  unsalted: number;
}

/** Reads the snapshot in one read transaction; `pause` hands the event loop a turn between pages. */
export async function readLedgerSnapshot(db: Db, pause: () => Promise<void>, page = PAGE_PLAYERS): Promise<LedgerSnapshot> {
  const read = (k: Kysely<Database>) => readIn(k, pause, page);
  if (db.dialect === 'postgres')
    return db.kysely.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  // SQLite: a deferred transaction reads one WAL snapshot (the same as checkLedger).
  return db.kysely.transaction().execute(read);
}

const ASSET_INDEX = new Map<string, number>(LIABILITY_ASSETS.map((a, i) => [a, i]));

async function readIn(k: Kysely<Database>, pause: () => Promise<void>, page: number): Promise<LedgerSnapshot> {
  // Sums as text: exact on both databases (an int64 sum is numeric on PostgreSQL, and SQLite's driver
  // would hand back a lossy number above 2^53 for an undeclared alias).
  const rows = await k
    .selectFrom('ledger_accounts')
    .select(['asset', 'owner_kind', 'name', sql<string>`cast(sum(balance) as text)`.as('total')])
    .where('asset', 'in', [...LIABILITY_ASSETS])
    .groupBy(['asset', 'owner_kind', 'name'])
    .execute();
  const sums = rows.map((r) => ({
    asset: r.asset,
    ownerKind: r.owner_kind as BalanceSum['ownerKind'],
    name: r.name,
    total: BigInt(r.total ?? '0'),
  }));

  const leaves: LiabilityLeaf[] = [];
  let unsalted = 0;
  let after = 0;
  for (;;) {
    const users = await k
      .selectFrom('users')
      .leftJoin('liability_salts', 'liability_salts.user_id', 'users.id')
      .select(['users.id', 'liability_salts.salt'])
      .where('users.id', '>', after)
      .orderBy('users.id')
      .limit(page)
      .execute();
    if (users.length === 0) break;
    const first = users[0]!.id;
    const last = users[users.length - 1]!.id;
    const amounts = new Map<number, bigint[]>(users.map((u) => [u.id, LIABILITY_ASSETS.map(() => 0n)]));
    const add = (userId: number, asset: string, total: string | null) => {
      const row = amounts.get(userId);
      const i = ASSET_INDEX.get(asset);
      if (row && i !== undefined) row[i]! += BigInt(total ?? '0');
    };
    const own = await k
      .selectFrom('ledger_accounts')
      .select(['owner_id', 'asset', sql<string>`cast(balance as text)`.as('total')])
      .where('owner_kind', '=', 'player')
      .where('owner_id', '>=', first)
      .where('owner_id', '<=', last)
      .where('asset', 'in', [...LIABILITY_ASSETS])
      .execute();
    for (const r of own) add(r.owner_id, r.asset, r.total);
    // An eidol's value is its account's balance, and it belongs to the eidol's owner.
    const eidols = await k
      .selectFrom('ledger_accounts')
      .innerJoin('eidols', 'eidols.id', 'ledger_accounts.owner_id')
      .select(['eidols.user_id', 'ledger_accounts.asset', sql<string>`cast(sum(ledger_accounts.balance) as text)`.as('total')])
      .where('ledger_accounts.owner_kind', '=', 'eidol')
      .where('eidols.user_id', '>=', first)
      .where('eidols.user_id', '<=', last)
      .where('ledger_accounts.asset', 'in', [...LIABILITY_ASSETS])
      .groupBy(['eidols.user_id', 'ledger_accounts.asset'])
      .execute();
    for (const r of eidols) add(r.user_id, r.asset, r.total);
    for (const u of users) {
      // A player registered after the salts were written is left for the caller to salt and read again.
      if (u.salt == null) unsalted++;
      else leaves.push({ userId: u.id, salt: u.salt, amounts: amounts.get(u.id)! });
    }
    after = last;
    await pause();
  }
  return { sums, leaves, unsalted };
}
