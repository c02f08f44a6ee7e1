/**
 * The exchange and activation calls (spec 2 §7): `GET|POST /api/wallet/exchange`, the fee precalculation
 * `POST /api/wallet/withdraw`, `POST /api/onboarding/gas`, and the shop's `GET /api/shop`,
 * `POST /api/shop/buy` and `POST /api/drop` (an item that arrives is announced as `item_arrived`). Money-moving answers carry `Idempotent-Replayed` when a keyed request replays.
 */
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/api/transactions';
import { AppError } from '../../domain/errors';
import { ratesView } from '../../domain/exchange/exchangePools';
import { executeTrade } from '../../domain/exchange/executeTrade';
import { buyShopItem } from '../../domain/shop/buyShopItem';
import { dropItem } from '../../domain/shop/dropItem';
import { shopStockBalances } from '../../domain/shop/shopStock';
import { listShopItems, shopItemView, SHOP_ITEM_TYPES } from '../../domain/shop/shopItems';
import { UNKNOWN_SHOP_TYPE } from '../../domain/shop/shopTexts';
import { precalculateFee } from '../../domain/wallet/feePrecalc';
import { activateGas } from '../../domain/wallet/gasActivation';
import type { ShopItemType } from '../../db/tables/shop';
import { createLedger } from '../../ledger/index';
import type { Realtime } from '../../realtime/gateway';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';
import { transactionUpdateSender } from './transactionRoutes';

/** A JSON object body (fields are checked by the domain, with the spec's texts). */
const objectBody = z.record(z.string(), z.unknown()).optional();
const shopQuery = z.object({ type: z.string().optional() });

/** Registers the exchange, fee precalculation, gas activation and shop routes. */
export function walletExchangeRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const ledger = createLedger(ctx.db, ctx.clock);
  const onUpdate = transactionUpdateSender(realtime);
  // After the commit, to the owner on every transport (as transaction_update): the item a purchase or drop brought.
  const itemArrived = (userId: number, result: unknown) => {
    const r = result as { item_id?: unknown; quantity?: unknown } | null;
    if (typeof r?.item_id === 'number' && typeof r.quantity === 'number')
      realtime.sendToUser(userId, 'item_arrived', { item_id: r.item_id, quantity: r.quantity });
  };

  app.get('/api/wallet/exchange', async (request) => {
    await requireUser(ctx, request);
    return ok(await ratesView(ctx.db.kysely));
  });

  app.post('/api/wallet/exchange', { schema: { body: objectBody } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const outcome = await executeTrade(ledger, user, request.body ?? {}, requestRefOf(request), onUpdate);
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return ok(outcome.result);
  });

  app.post('/api/wallet/withdraw', { schema: { body: objectBody } }, async (request) => {
    const user = await requireUser(ctx, request);
    return ok(await precalculateFee(ledger, user, request.body ?? {}, onUpdate));
  });

  app.post('/api/onboarding/gas', async (request) => {
    const user = await requireUser(ctx, request);
    return ok(await activateGas(ledger, user.id));
  });

  const listShop = async (type: string | undefined) => {
    if (type !== undefined && type !== '' && !(SHOP_ITEM_TYPES as readonly string[]).includes(type)) {
      throw new AppError(422, UNKNOWN_SHOP_TYPE, { type: [UNKNOWN_SHOP_TYPE] });
    }
    const [rows, stocks] = await Promise.all([
      listShopItems(ctx.db.kysely, type ? (type as ShopItemType) : 'egg'),
      shopStockBalances(ctx.db.kysely),
    ]);
    return ok(rows.map((row) => shopItemView(row, stocks)));
  };
  // The original client asks for both spellings (`/shop?type=item`, `/shop/?type=startpak`); without a type
  // its Mage Shop wants the eggs (it appends `?type=item` for the items itself).
  for (const path of ['/api/shop', '/api/shop/']) {
    app.get(path, { schema: { querystring: shopQuery } }, async (request) => {
      await requireUser(ctx, request);
      return listShop(request.query.type);
    });
  }

  app.post('/api/shop/buy', { schema: { body: objectBody } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const outcome = await buyShopItem(ledger, user, request.body ?? {}, requestRefOf(request), onUpdate);
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    else itemArrived(user.id, outcome.result.result);
    return ok(outcome.result);
  });

  app.post('/api/drop', { schema: { body: objectBody } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const outcome = await dropItem(ledger, user.id, request.body ?? {}, requestRefOf(request));
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    else itemArrived(user.id, outcome.result);
    return ok(outcome.result);
  });
}
