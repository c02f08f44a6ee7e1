/** Opening and reading accounts. An account is opened once per (owner, name, asset) and never deleted. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OwnerKind } from '../db/tables/ledger';
import { flagsOf, isAssetCode, type SystemAccountName } from './assets';
import { toAccount } from './rows';
import type { Account } from './types';

/** Anything with a query builder and a time: a LedgerTx, or `{kysely: db.kysely, now}` outside one. */
export interface AccountHandle {
  kysely: Kysely<Database>;
  now: number;
}

/** Which account: its owner, the owner's name for it, and its asset. */
export interface AccountSpec {
  ownerKind: OwnerKind;
  ownerId: number;
  name: string;
  asset: string;
}

/**
 * The id of the account `spec`, opening it when missing (safe under concurrency: insert-or-ignore). Its
 * flags follow from the owner (`flagsOf`); the database refuses any others.
 */
export async function ensureAccount(h: AccountHandle, spec: AccountSpec): Promise<number> {
  if (!isAssetCode(spec.asset)) throw new Error(`unknown asset ${spec.asset}`);
  const find = () =>
    h.kysely
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_kind', '=', spec.ownerKind)
      .where('owner_id', '=', spec.ownerId)
      .where('name', '=', spec.name)
      .where('asset', '=', spec.asset)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await h.kysely
    .insertInto('ledger_accounts')
    .values({
      asset: spec.asset,
      owner_kind: spec.ownerKind,
      owner_id: spec.ownerId,
      name: spec.name,
      flags: flagsOf(spec.ownerKind, spec.name),
      balance: 0n,
      debits_pending: 0n,
      credits_pending: 0n,
      version: 0,
      created_at: h.now,
    })
    .onConflict((oc) => oc.columns(['owner_kind', 'owner_id', 'name', 'asset']).doNothing())
    .execute();
  const row = await find();
  if (!row) throw new Error('account insert vanished');
  return row.id;
}

/** A player's account for `asset` (users.id; never negative). */
export function playerAccount(h: AccountHandle, userId: number, asset: string): Promise<number> {
  return ensureAccount(h, { ownerKind: 'player', ownerId: userId, name: 'main', asset });
}

/** An eidol's account: its value is this balance (never negative). */
export function eidolAccount(h: AccountHandle, eidolId: number, asset = 'ANGLS'): Promise<number> {
  return ensureAccount(h, { ownerKind: 'eidol', ownerId: eidolId, name: 'main', asset });
}

/** A system account (pool, reserve, genesis, …) for `asset`. */
export function systemAccount(h: AccountHandle, name: SystemAccountName, asset: string): Promise<number> {
  return ensureAccount(h, { ownerKind: 'system', ownerId: 0, name, asset });
}

/** Reads one account, or undefined. */
export async function getAccount(k: Kysely<Database>, id: number): Promise<Account | undefined> {
  const row = await k.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** Reads the accounts of one owner (every asset and name). */
export async function accountsOf(k: Kysely<Database>, ownerKind: OwnerKind, ownerId: number): Promise<Account[]> {
  const rows = await k
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner_kind', '=', ownerKind)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}
