/** Reads of eidols and their values (an eidol's value is its ledger account's balance, never a column). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EidolRow } from './eidolView';

/** The player's open eidols (not closed by Confirm Loss), ascending id: the order of `oogles[]`. */
export function openEidolsOf(k: Kysely<Database>, userId: number): Promise<EidolRow[]> {
  return k.selectFrom('eidols').selectAll().where('user_id', '=', userId).where('closed_at', 'is', null).orderBy('id').execute();
}

/** The eidol `id` if `userId` owns it (closed or not); undefined otherwise, so a foreign id looks absent. */
export function ownEidol(k: Kysely<Database>, userId: number, id: number): Promise<EidolRow | undefined> {
  return k.selectFrom('eidols').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Number of open eidols the player owns (the extra-eidol rule counts these). */
export async function countOpenEidols(k: Kysely<Database>, userId: number): Promise<number> {
  const row = await k
    .selectFrom('eidols')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ANGLS values of `ids` (units); an eidol whose account was never opened is worth 0. */
export async function eidolValues(k: Kysely<Database>, ids: readonly number[]): Promise<Map<number, bigint>> {
  const values = new Map<number, bigint>(ids.map((id) => [id, 0n]));
  if (ids.length === 0) return values;
  const rows = await k
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'balance'])
    .where('owner_kind', '=', 'eidol')
    .where('owner_id', 'in', [...ids])
    .where('name', '=', 'main')
    .where('asset', '=', 'ANGLS')
    .execute();
  for (const r of rows) values.set(r.owner_id, r.balance);
  return values;
}

/** The ANGLS value of one eidol (units). */
export async function eidolValue(k: Kysely<Database>, id: number): Promise<bigint> {
  return (await eidolValues(k, [id])).get(id) ?? 0n;
}
