/** `POST /api/shop/buy {shop_item_id}`: the approve press of a shop or starter purchase (spec 2 §7). */
import type { Ledger } from '../../ledger/index';
import { AppError } from '../errors';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import type { TransactionUpdateListener } from '../transactions/index';
import { executeNow, type ActionAnswer } from '../wallet/executeNow';
import { requireActiveWallet, type ActivationFlags } from '../wallet/walletGuard';
import { INSUFFICIENT, POOL_LIMIT } from '../wallet/walletTexts';
import { amountRefused } from '../exchange/exchangeTrade';
import { findShopItem } from './shopItems';
import { OUT_OF_STOCK, SHOP_ITEM_NOT_FOUND } from './shopTexts';
import { STARTER_PACK_KIND } from './starterPack';
import { insufficientRefusal, SHOP_PURCHASE_KIND, STOCK_LEG } from './shopPurchase';
import { listingPrice } from './shopPrices';

/** The item id of the body: a positive integer (or its digits as a string). */
function shopItemIdOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Buys item `body.shop_item_id` for `user`. Starter packs need only the gas deposit (they are how
 * `start_pack` is earned); every other listing needs an active wallet and is a `shop_purchase`.
 */
export async function buyShopItem(
  ledger: Ledger,
  user: ActivationFlags & { id: number },
  body: Record<string, unknown>,
  ref: RequestRef | undefined,
  onUpdate?: TransactionUpdateListener,
): Promise<RequestOutcome<ActionAnswer>> {
  const id = shopItemIdOf(body.shop_item_id);
  const item = id === undefined ? undefined : await findShopItem(ledger.db.kysely, id);
  if (!item) {
    requireActiveWallet(user, 'starter');
    throw new AppError(422, SHOP_ITEM_NOT_FOUND, { shop_item_id: [SHOP_ITEM_NOT_FOUND] });
  }
  requireActiveWallet(user, item.type === 'startpak' ? 'starter' : 'wallet');
  if (item.type !== 'startpak') {
    const currency = listingPrice(item)?.currency ?? 'ngls';
    return executeNow(
      ledger,
      { userId: user.id, kind: SHOP_PURCHASE_KIND, payload: { shopItemId: item.id } },
      ref,
      // A concurrent buyer took the last unit, or spent the money, between the checks and the ledger's locked ones.
      (err) =>
        err.transferId?.endsWith(`:${STOCK_LEG}`)
          ? new AppError(422, OUT_OF_STOCK, { shop_item_id: [OUT_OF_STOCK] })
          : insufficientRefusal(currency),
      onUpdate,
    );
  }
  return executeNow(
    ledger,
    { userId: user.id, kind: STARTER_PACK_KIND, payload: { shopItemId: item.id } },
    ref,
    (err) => (err.transferId?.endsWith(':pay') ? amountRefused(INSUFFICIENT.busd) : new AppError(422, POOL_LIMIT.ngls)),
    onUpdate,
  );
}
