/**
 * Counted stock as ledger balances (ECONOMY.md "Items"): a counted listing sells from the `shop_stock`
 * account of its item, so its stock is that balance and an oversale is an overdraft the ledger refuses.
 * Stock is issued from (and retired to) `genesis`; the first issue of an item has the fixed id
 * `shop-stock:seed:<item id>`, which makes `ensureShopStock` (every start) issue the catalogue's counts once.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { getAccount, itemAsset, itemIdOf, runLedgerTx, systemAccount, transfer, type LedgerTx } from '../../ledger/index';
import type { ShopItemRow } from './shopItems';

/** The transfer id of an item's first stock issue. */
export function stockSeedId(itemId: number): string {
  return `shop-stock:seed:${itemId}`;
}

/** The inventory item a listing sells (`data.item_id`), if any. */
export function listingItemId(row: Pick<ShopItemRow, 'data'>): number | undefined {
  const id = (JSON.parse(row.data) as { item_id?: unknown }).item_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Every item's `shop_stock` balance (item id → units); items never stocked are absent. */
export async function shopStockBalances(k: Kysely<Database>): Promise<Map<number, bigint>> {
  const rows = await k
    .selectFrom('ledger_accounts')
    .select(['asset', 'balance', 'debits_pending'])
    .where('owner_kind', '=', 'system')
    .where('owner_id', '=', 0)
    .where('name', '=', 'shop_stock')
    .execute();
  const out = new Map<number, bigint>();
  for (const r of rows) {
    const id = itemIdOf(r.asset);
    if (id !== undefined) out.set(id, r.balance - r.debits_pending);
  }
  return out;
}

/** The `shop_stock` balance of item `itemId`. */
export async function shopStockOf(tx: LedgerTx, itemId: number): Promise<bigint> {
  const acc = await getAccount(tx.kysely, await systemAccount(tx, 'shop_stock', itemAsset(itemId)));
  return acc ? acc.balance - acc.debitsPending : 0n;
}

/**
 * Brings the `shop_stock` of item `itemId` to `target` through the ledger: issues the difference from
 * `genesis` or retires it there. Answers the balance before.
 */
export async function setShopStock(tx: LedgerTx, itemId: number, target: bigint): Promise<bigint> {
  const asset = itemAsset(itemId);
  const stock = await systemAccount(tx, 'shop_stock', asset);
  const genesis = await systemAccount(tx, 'genesis', asset);
  const before = await shopStockOf(tx, itemId);
  if (target === before) return before;
  const seeded = await tx.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', stockSeedId(itemId)).executeTakeFirst();
  // Operator changes are never retried requests: a fresh id each, except the item's first issue.
  const id = !seeded && target > before ? stockSeedId(itemId) : `shop-stock:set:${itemId}:${crypto.randomUUID()}`;
  await transfer(
    tx,
    target > before
      ? { id, debit: genesis, credit: stock, amount: target - before, code: 'shop-stock' }
      : { id, debit: stock, credit: genesis, amount: before - target, code: 'shop-stock' },
  );
  return before;
}

/**
 * Issues the count of every counted listing whose item was never stocked (idempotent; main.ts calls it at
 * every start after ensureGenesis). Answers the item ids it stocked.
 */
export async function ensureShopStock(db: Db, clock: Clock): Promise<number[]> {
  return runLedgerTx(db, clock, async (tx) => {
    const rows = await tx.kysely
      .selectFrom('shop_items')
      .selectAll()
      .where('stock', 'is not', null)
      .where('type', 'in', ['item', 'gdao'])
      .orderBy('id')
      .execute();
    const stocked: number[] = [];
    for (const row of rows) {
      const itemId = listingItemId(row);
      if (itemId === undefined || stocked.includes(itemId)) continue;
      const seeded = await tx.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', stockSeedId(itemId)).executeTakeFirst();
      if (seeded) continue;
      await setShopStock(tx, itemId, BigInt(row.stock!));
      stocked.push(itemId);
    }
    return stocked;
  });
}
