/**
 * The shop's admin commands: list, set-price, set-stock (issues or retires stock through the ledger),
 * activate/deactivate and add. The runner (src/server/admin/runner.ts) audits each in its transaction.
 */
import { CURRENCY_ASSETS, ITEM_IDS } from '../../../shared/money/assets';
import { formatUnits } from '../../../shared/money/format';
import { EGG_TIERS, isEggTier } from '../../../shared/rules/eggs';
import { ITEM_KINDS } from '../../../shared/rules/items';
import { ANGLS_UNIT } from '../../../shared/rules/round/economyConfig';
import type { LedgerTx } from '../../ledger/index';
import { AdminUsageError, type AdminCommand } from '../../admin/adminCommand';
import { registerAdminCommand } from '../../admin/registry';
import { COOKIE_BACKING_ANGLS, type PriceCurrency } from './shopConfig';
import type { ShopItemRow } from './shopItems';
import { listingPrice, PAYING_ORDER, PRICE_ASSET, priceUnits } from './shopPrices';
import { listingItemId, setShopStock, shopStockBalances } from './shopStock';
import { SHOP_ITEM_TYPES } from './shopItems';

/** A positive integer argument. */
function idArg(text: string | undefined, what: string): number {
  if (!text || !/^\d{1,9}$/.test(text) || Number(text) === 0)
    throw new AdminUsageError(`${what} must be a positive integer, got "${text ?? ''}"`);
  return Number(text);
}

function currencyArg(text: string | undefined): PriceCurrency {
  if (!(PAYING_ORDER as readonly string[]).includes(text ?? ''))
    throw new AdminUsageError(`currency must be one of ${PAYING_ORDER.join(', ')}`);
  return text as PriceCurrency;
}

function amountArg(currency: PriceCurrency, text: string | undefined, what: string): bigint {
  try {
    const units = priceUnits(currency, text ?? '');
    if (units < 0n) throw new Error('negative');
    return units;
  } catch {
    throw new AdminUsageError(`${what} must be a decimal amount of ${currency}, got "${text ?? ''}"`);
  }
}

/** 'many' or a count. */
function stockArg(text: string | undefined): number | null {
  if (text === 'many') return null;
  if (!text || !/^\d{1,9}$/.test(text)) throw new AdminUsageError(`stock must be "many" or a count, got "${text ?? ''}"`);
  return Number(text);
}

async function listing(tx: LedgerTx, id: number): Promise<ShopItemRow> {
  const row = await tx.kysely.selectFrom('shop_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AdminUsageError(`no shop item ${id}`);
  return row;
}

/** Refuses prices a sale could not book: eggs in ANGLS above value + node share, cookies in ANGLS above backing + node share. */
function checkPrice(type: string, data: Record<string, unknown>, currency: PriceCurrency, price: bigint, nodeshare: bigint): void {
  if (type === 'startpak') throw new AdminUsageError('starter packs are fixed by migration 0070');
  if (nodeshare > price) throw new AdminUsageError('the node share cannot exceed the price');
  if (type === 'egg') {
    const tier = isEggTier(data.skin) ? data.skin : undefined;
    if (!tier || currency !== 'ngls') throw new AdminUsageError('eggs are priced in ngls');
    if (price < BigInt(EGG_TIERS[tier].value) * ANGLS_UNIT + nodeshare)
      throw new AdminUsageError('an egg costs at least its hatch value plus the node share');
  }
  if (data.item_id === ITEM_IDS.GOLDEN_COOKIE && (currency !== 'ngls' || price < priceUnits('ngls', COOKIE_BACKING_ANGLS) + nodeshare)) {
    throw new AdminUsageError('Golden Cookies are priced in ngls, at least their backing plus the node share');
  }
  if (type === 'gdao' && currency !== 'token') throw new AdminUsageError('the gDAO store is priced in token');
}

/** The price columns of `currency` at `price`, every other at 0 (a listing pays in one currency). */
function priceColumns(currency: PriceCurrency, price: bigint) {
  const col = (c: PriceCurrency) => (c === currency ? price : 0n);
  return { price_ngls: col('ngls'), price_busd: col('busd'), price_bnb: col('bnb'), price_token: col('token') };
}

/** Sets the counted stock of `row` (or 'many') and brings the ledger's `shop_stock` to it. */
async function applyStock(tx: LedgerTx, row: ShopItemRow, stock: number | null): Promise<Record<string, unknown>> {
  const itemId = listingItemId(row);
  if (stock !== null && itemId === undefined) throw new AdminUsageError('only items and gDAO-store goods have counted stock');
  if (stock !== null) {
    // An item's stock is one ledger balance: a second counted listing would silently share (and reset) it.
    const others = await tx.kysely.selectFrom('shop_items').selectAll().where('stock', 'is not', null).where('id', '!=', row.id).execute();
    const other = others.find((o) => listingItemId(o) === itemId);
    if (other)
      throw new AdminUsageError(
        `item ${itemId} already has counted listing ${other.id} (its stock is the item's): set that one, or make it "many" first`,
      );
  }
  await tx.kysely.updateTable('shop_items').set({ stock }).where('id', '=', row.id).execute();
  // 'many' sells by issuing from genesis: what is left in shop_stock stays there (the caravan's goods included).
  if (stock === null) return { shop_item_id: row.id, stock: 'many' };
  const before = await setShopStock(tx, itemId!, BigInt(stock));
  return { shop_item_id: row.id, item_id: itemId, stock, stock_before: Number(before) };
}

const list: AdminCommand = {
  name: 'shop:list',
  usage: 'shop:list [egg|item|gdao|startpak]  every listing (active or not) with its price and stock',
  async run({ db }, args) {
    const type = args[0];
    if (type !== undefined && !(SHOP_ITEM_TYPES as readonly string[]).includes(type))
      throw new AdminUsageError(`type must be one of ${SHOP_ITEM_TYPES.join(', ')}`);
    const rows = await db.kysely
      .selectFrom('shop_items')
      .selectAll()
      .$if(type !== undefined, (q) => q.where('type', '=', type as ShopItemRow['type']))
      .orderBy('position')
      .orderBy('id')
      .execute();
    const stocks = await shopStockBalances(db.kysely);
    const lines = rows.map((r) => {
      const p = listingPrice(r);
      const price = p ? `${formatUnits(p.price, CURRENCY_ASSETS[PRICE_ASSET[p.currency]].scale)} ${p.currency}` : 'no price';
      const itemId = listingItemId(r);
      const stock = r.stock === null ? 'many' : String(itemId === undefined ? r.stock : (stocks.get(itemId) ?? 0n));
      return `${r.id}\t${r.type}\t${r.active ? 'active' : 'inactive'}\t${r.name}\t${price}\tstock ${stock}`;
    });
    return { summary: lines.join('\n') || 'no listings', details: { type: type ?? null, count: rows.length } };
  },
};

const setPrice: AdminCommand = {
  name: 'shop:set-price',
  usage: 'shop:set-price <id> <ngls|busd|bnb|token> <price> [nodeshare]  the listing pays in that currency only',
  async run({ db }, args) {
    const row = await listing(db, idArg(args[0], 'id'));
    const currency = currencyArg(args[1]);
    const price = amountArg(currency, args[2], 'price');
    if (price === 0n) throw new AdminUsageError('price must be above 0 (deactivate a listing to stop selling it)');
    const nodeshare = args[3] === undefined ? 0n : amountArg(currency, args[3], 'nodeshare');
    checkPrice(row.type, JSON.parse(row.data) as Record<string, unknown>, currency, price, nodeshare);
    const before = listingPrice(row);
    await db.kysely
      .updateTable('shop_items')
      .set({ ...priceColumns(currency, price), nodeshare })
      .where('id', '=', row.id)
      .execute();
    return {
      summary: `shop item ${row.id} (${row.name}) now costs ${args[2]} ${currency}`,
      details: {
        shop_item_id: row.id,
        currency,
        price,
        nodeshare,
        before: before ? { currency: before.currency, price: before.price, nodeshare: before.nodeshare } : null,
      },
    };
  },
};

const setStock: AdminCommand = {
  name: 'shop:set-stock',
  usage: 'shop:set-stock <id> <count|many>  a count issues or retires item stock through the ledger',
  async run({ db }, args) {
    const row = await listing(db, idArg(args[0], 'id'));
    const details = await applyStock(db, row, stockArg(args[1]));
    return { summary: `shop item ${row.id} (${row.name}) stock ${args[1]}`, details };
  },
};

const activation = (active: 0 | 1): AdminCommand => ({
  name: active ? 'shop:activate' : 'shop:deactivate',
  usage: `shop:${active ? 'activate' : 'deactivate'} <id>  ${active ? 'lists and sells' : 'hides and stops selling'} the listing`,
  async run({ db }, args) {
    const row = await listing(db, idArg(args[0], 'id'));
    await db.kysely.updateTable('shop_items').set({ active }).where('id', '=', row.id).execute();
    return {
      summary: `shop item ${row.id} (${row.name}) ${active ? 'activated' : 'deactivated'}`,
      details: { shop_item_id: row.id, active: active === 1, before: row.active === 1 },
    };
  },
});

const add: AdminCommand = {
  name: 'shop:add',
  usage: 'shop:add <egg|item|gdao> <egg1..egg4|item id> <ngls|busd|bnb|token> <price> [count|many] [nodeshare]  a new listing at the end',
  async run({ db }, args) {
    const [type, what] = args;
    if (type !== 'egg' && type !== 'item' && type !== 'gdao') throw new AdminUsageError('type must be egg, item or gdao');
    let name: string;
    let data: Record<string, unknown>;
    if (type === 'egg') {
      if (!isEggTier(what)) throw new AdminUsageError('an egg listing names its tier: egg1..egg4');
      const t = EGG_TIERS[what];
      name = `${t.rarity[0]!.toUpperCase()}${t.rarity.slice(1)} Egg`;
      data = { value: t.value, rarity: t.rarity, collection: 'basic', type: 'egg', skin: what };
    } else {
      const kind = ITEM_KINDS[idArg(what, 'item id')];
      if (!kind || kind.id === ITEM_IDS.GDAO_TOKEN || kind.id === ITEM_IDS.JAR_CLAIM_DROP)
        throw new AdminUsageError(`no sellable item ${what}`);
      name = kind.name;
      data = { item_id: kind.id, type: kind.type, skin: `item-${kind.id}` };
    }
    const currency = currencyArg(args[2]);
    const price = amountArg(currency, args[3], 'price');
    const stock = args[4] === undefined ? null : stockArg(args[4]);
    const nodeshare = args[5] === undefined ? 0n : amountArg(currency, args[5], 'nodeshare');
    if (price === 0n) throw new AdminUsageError('price must be above 0');
    if (type === 'egg' && stock !== null) throw new AdminUsageError('eggs are always in stock ("many")');
    checkPrice(type, data, currency, price, nodeshare);
    const last = await db.kysely
      .selectFrom('shop_items')
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    const row = await db.kysely
      .insertInto('shop_items')
      .values({
        type,
        name,
        description: '',
        stock: null,
        ...priceColumns(currency, price),
        nodeshare,
        data: JSON.stringify(data),
        position: Number(last?.p ?? 0) + 1,
        created_at: db.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const stocked = stock === null ? {} : await applyStock(db, row, stock);
    return {
      summary: `added shop item ${row.id} (${name})`,
      details: { shop_item_id: row.id, type, name, currency, price, nodeshare, data, ...stocked },
    };
  },
};

for (const c of [list, setPrice, setStock, activation(1), activation(0), add]) registerAdminCommand(c);
