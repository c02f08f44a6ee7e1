/**
 * Selling one listing (spec 2 §4–§5, ECONOMY.md "Money flows" and "Shops, items"): the payment in the
 * listing's currency and what it buys move in one ledger batch. Eggs: the hatch value into the new eidol,
 * the premium to the mining pool (the node share to `treasury`). Items: the price to the mining pool (node
 * share to `treasury`; a Golden Cookie's backing to `item_backing`), one unit from `shop_stock` (counted)
 * or from `genesis` ('many'). gDAO-store goods: the tokens to `gdao_reserve`. BNB payments add the 0.001
 * BNB surcharge to `fees`. Booked as a `shop_purchase` transaction (or inside a drop's own commit).
 */
import { ITEM_IDS } from '../../../shared/money/assets';
import { EGG_TIERS, isEggTier } from '../../../shared/rules/eggs';
import { ANGLS_UNIT } from '../../../shared/rules/round/economyConfig';
import {
  eidolAccount,
  getAccount,
  itemAsset,
  playerAccount,
  systemAccount,
  transferBatch,
  type LedgerTx,
  type PostedInput,
} from '../../ledger/index';
import { registerTransactionKind, type TransactionRecord } from '../transactions/index';
import { AppError } from '../errors';
import { amountRefused } from '../exchange/exchangeTrade';
import { insertEgg, requireRoomForEidol } from '../eidols/growEgg';
import { rewardReferralIn } from '../gdao/referralReward';
import { INSUFFICIENT } from '../wallet/walletTexts';
import { BNB_SURCHARGE, COOKIE_BACKING_ANGLS, type PriceCurrency } from './shopConfig';
import { findShopItem, type ShopItemRow } from './shopItems';
import { listingPrice, priceUnits, type ListingPrice } from './shopPrices';
import { requireNoRestock, requireRoundOpen } from './shopLocks';
import { listingItemId, shopStockOf } from './shopStock';
import { CONFIRM_EMAIL, INSUFFICIENT_GDAO, NOT_FOR_SALE_YET, OUT_OF_STOCK, SHOP_ITEM_NOT_FOUND } from './shopTexts';

/** The transaction kind of a shop purchase (eggs, items, gDAO-store goods). */
export const SHOP_PURCHASE_KIND = 'shop_purchase';

/** What a purchase answers (`data.result`): the listing, and the new eidol or the item that arrived. */
export interface PurchaseResult {
  shop_item_id: number;
  oogle_id?: number;
  item_id?: number;
  quantity?: number;
  [key: string]: number | undefined;
}

/** The refusal text of a short balance in `currency` (spec 2 §5). */
export function insufficientText(currency: PriceCurrency): string {
  return currency === 'token' ? INSUFFICIENT_GDAO : INSUFFICIENT[currency];
}

/** The refusal of a short balance: an amount error, shown minus its last character (spec 2 §8). */
export function insufficientRefusal(currency: PriceCurrency): AppError {
  return amountRefused(insufficientText(currency));
}

/** The leg whose overdraft means "sold out" (the unit leaving `shop_stock`). */
export const STOCK_LEG = 'unit';

/** The checks every sale makes inside its transaction: locks, e-mail for the gDAO store, a valid price. */
async function checkSale(tx: LedgerTx, userId: number, item: ShopItemRow): Promise<ListingPrice> {
  await requireRoundOpen(tx.kysely, tx.now);
  if (item.type !== 'egg') await requireNoRestock(tx.kysely);
  if (item.type === 'gdao') {
    const user = await tx.kysely.selectFrom('users').select('email_confirmed').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.email_confirmed !== 1) throw new AppError(422, CONFIRM_EMAIL, { email: [CONFIRM_EMAIL] });
  }
  const price = listingPrice(item);
  if (!price) throw new AppError(422, NOT_FOR_SALE_YET);
  return price;
}

/** Sells `item` to `userId` inside `tx`; `opId` names the transfers (`shop:<opId>:<leg>`). */
export async function applyPurchase(tx: LedgerTx, userId: number, item: ShopItemRow, opId: string): Promise<PurchaseResult> {
  const price = await checkSale(tx, userId, item);
  const id = (leg: string) => `shop:${opId}:${leg}`;
  const leg = (name: string, debit: number, credit: number, amount: bigint): PostedInput => ({
    id: id(name),
    debit,
    credit,
    amount,
    code: `shop-${item.type}`,
    ref: String(item.id),
  });
  const payer = await playerAccount(tx, userId, price.asset);
  const surcharge = price.currency === 'bnb' ? priceUnits('bnb', BNB_SURCHARGE) : 0n;
  const data = JSON.parse(item.data) as { skin?: unknown; egg?: unknown };

  const legs: PostedInput[] = [];
  const result: PurchaseResult = { shop_item_id: item.id };
  let counted = false;
  let itemId: number | undefined;
  if (item.type === 'egg') {
    const tier = isEggTier(data.skin) ? data.skin : isEggTier(data.egg) ? data.egg : undefined;
    const value = tier ? BigInt(EGG_TIERS[tier].value) * ANGLS_UNIT : 0n;
    // An egg's value lives in ANGLS: a listing in another currency, or below value + node share, is misconfigured.
    if (!tier || price.asset !== 'ANGLS' || price.price < value + price.nodeshare) throw new AppError(422, NOT_FOR_SALE_YET);
    const user = await tx.kysely.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow();
    await requireRoomForEidol(tx, userId, user.level);
    await requireFunds(tx, payer, price.price, price.currency);
    const egg = (await insertEgg(tx, userId, tier, tier))!;
    legs.push(leg('value', payer, await eidolAccount(tx, egg.id), value));
    legs.push(leg('premium', payer, await systemAccount(tx, 'mining_pool', 'ANGLS'), price.price - value - price.nodeshare));
    legs.push(leg('node', payer, await systemAccount(tx, 'treasury', 'ANGLS'), price.nodeshare));
    await tx.kysely.updateTable('users').set({ level: 0, updated_at: tx.now }).where('id', '=', userId).where('level', '=', -1).execute();
    result.oogle_id = egg.id;
  } else {
    itemId = listingItemId(item);
    if (itemId === undefined || itemId === ITEM_IDS.GDAO_TOKEN || item.type === 'startpak')
      throw new AppError(422, SHOP_ITEM_NOT_FOUND, { shop_item_id: [SHOP_ITEM_NOT_FOUND] });
    counted = item.stock !== null;
    if (counted && (await shopStockOf(tx, itemId)) < 1n) throw new AppError(422, OUT_OF_STOCK, { shop_item_id: [OUT_OF_STOCK] });
    const backing = itemId === ITEM_IDS.GOLDEN_COOKIE ? priceUnits('ngls', COOKIE_BACKING_ANGLS) : 0n;
    if (backing > 0n && (price.asset !== 'ANGLS' || price.price < backing + price.nodeshare)) throw new AppError(422, NOT_FOR_SALE_YET);
    await requireFunds(tx, payer, price.price + surcharge, price.currency);
    if (price.asset === 'GDAO') {
      legs.push(leg('pay', payer, await systemAccount(tx, 'gdao_reserve', 'GDAO'), price.price));
    } else {
      legs.push(leg('pay', payer, await systemAccount(tx, 'mining_pool', price.asset), price.price - price.nodeshare - backing));
      legs.push(leg('node', payer, await systemAccount(tx, 'treasury', price.asset), price.nodeshare));
      legs.push(leg('backing', payer, await systemAccount(tx, 'item_backing', 'ANGLS'), backing));
    }
    const asset = itemAsset(itemId);
    const from = await systemAccount(tx, counted ? 'shop_stock' : 'genesis', asset);
    legs.push(leg(STOCK_LEG, from, await playerAccount(tx, userId, asset), 1n));
    result.item_id = itemId;
    result.quantity = 1;
  }
  if (surcharge > 0n) legs.push(leg('surcharge', payer, await systemAccount(tx, 'fees', 'BNB'), surcharge));
  await transferBatch(
    tx,
    legs.filter((l) => l.amount > 0n),
  );
  // A paid egg is one of the two facts a referral reward waits for: pay it in this same commit when due.
  if (item.type === 'egg') await rewardReferralIn(tx, userId);
  return result;
}

/** Refuses with the spec's text when the payer's spendable balance is below `needed` (the ledger re-checks under its locks). */
async function requireFunds(tx: LedgerTx, payer: number, needed: bigint, currency: PriceCurrency): Promise<void> {
  const acc = await getAccount(tx.kysely, payer);
  if (!acc || acc.balance - acc.debitsPending < needed) throw insufficientRefusal(currency);
}

/** The commit of a `shop_purchase` transaction. */
async function applyShopPurchase(tx: LedgerTx, record: TransactionRecord) {
  const { shopItemId } = record.payload as { shopItemId: number };
  const item = await findShopItem(tx.kysely, shopItemId);
  if (!item || item.type === 'startpak') throw new AppError(422, SHOP_ITEM_NOT_FOUND, { shop_item_id: [SHOP_ITEM_NOT_FOUND] });
  return { result: await applyPurchase(tx, record.userId, item, record.id) };
}

registerTransactionKind(SHOP_PURCHASE_KIND, { commit: applyShopPurchase });
