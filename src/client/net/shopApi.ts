/**
 * The shop endpoints (spec 2 §7, contracts H1): the catalogue `GET /api/shop?type=…`, the purchase
 * `POST /api/shop/buy {shop_item_id}` (the approve press after the `POST /wallet/withdraw` gas
 * precalculation), and the gDAO store's `POST /api/drop {item_id}`. Each returns an ApiResult and never throws.
 */
import { z } from '../../shared/zod';
import { createHttp, type ApiResult, type Http } from './http';
import { money, textOrEmpty } from './lenientFields';

/** A shop item (FACTS.md "Shop item"): `amount` is 'many' or the stock; prices are decimal strings. */
export const shopItemSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  type: z.string(),
  description: textOrEmpty,
  amount: z._default(z.union([z.literal('many'), z.number(), z.string()]), 'many'),
  price_ngls: z._default(money, '0'),
  price_bnb: z._default(money, '0'),
  price_busd: z._default(money, '0'),
  price_token: z._default(money, '0'),
  data: z.pipe(
    z.nullish(
      z.looseObject({
        value: z.optional(money),
        rarity: z.optional(z.string()),
        collection: z.optional(z.string()),
        type: z.optional(z.string()),
      }),
    ),
    z.transform((v) => v ?? {}),
  ),
});

/** A shop item. */
export type ShopItem = z.infer<typeof shopItemSchema>;

/**
 * A catalogue answer: `data` is the list (contracts H1); the original gDAO store read it from `data.data`
 * (spec 2 §7), so that nesting is accepted too.
 */
export const shopListSchema = z.union([
  z.array(shopItemSchema),
  z.pipe(
    z.object({ data: z.array(shopItemSchema) }),
    z.transform((v) => v.data),
  ),
]);

/** The catalogue types a shop screen asks for (`undefined`: the default list, eggs). */
export type ShopListType = 'egg' | 'item' | 'gdao' | undefined;

/** `POST /api/drop` answer: the item received and how many the player now holds. */
export const dropResultSchema = z.looseObject({ item_id: z.int(), quantity: z.number() });

/** Creates the typed shop endpoints over an HTTP client. */
export function createShopApi(http: Http) {
  return {
    /** GET /api/shop (eggs) or /api/shop?type=…: one catalogue list. */
    list: (type: ShopListType): Promise<ApiResult<ShopItem[]>> =>
      http.get(type ? `/api/shop?type=${type}` : '/api/shop', { schema: shopListSchema }),
    /** POST /api/shop/buy: the approve press of a purchase. */
    buy: (shopItemId: number): Promise<ApiResult<unknown>> => http.post('/api/shop/buy', { shop_item_id: shopItemId }),
    /** POST /api/drop: a gDAO store purchase (paid in gDAO tokens, no gas). */
    drop: (itemId: number): Promise<ApiResult<z.infer<typeof dropResultSchema>>> =>
      http.post('/api/drop', { item_id: itemId }, { schema: dropResultSchema }),
  };
}

/** The shop endpoints' type. */
export type ShopApi = ReturnType<typeof createShopApi>;

/** The app's shop endpoints over the same-origin HTTP client. */
export const shopApi: ShopApi = createShopApi(createHttp());
