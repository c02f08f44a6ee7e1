/**
 * The shop endpoints (spec 2 §7, contracts H1): the catalogue `GET /api/shop?type=…`, the purchase
 * `POST /api/shop/buy {shop_item_id}` (the approve press after the `POST /wallet/withdraw` gas
 * precalculation), and the gDAO store's `POST /api/drop {item_id}`. Each returns an ApiResult and never throws.
 */
import { z } from 'zod';
import { createHttp, type ApiResult, type Http } from './http';

// Money may come as numbers or strings (FACTS.md); the client keeps decimal strings.
const money = z.union([z.string(), z.number()]).transform((v) => String(v));

/** A shop item (FACTS.md "Shop item"): `amount` is 'many' or the stock; prices are decimal strings. */
export const shopItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    description: z.string().nullish().transform((v) => v ?? ''),
    amount: z.union([z.literal('many'), z.number(), z.string()]).default('many'),
    price_ngls: money.default('0'),
    price_bnb: money.default('0'),
    price_busd: money.default('0'),
    price_token: money.default('0'),
    data: z
      .object({
        value: money.optional(),
        rarity: z.string().optional(),
        collection: z.string().optional(),
        type: z.string().optional(),
      })
      .passthrough()
      .nullish()
      .transform((v) => v ?? {}),
  })
  .passthrough();

/** A shop item. */
export type ShopItem = z.infer<typeof shopItemSchema>;

/**
 * A catalogue answer: `data` is the list (contracts H1); the original gDAO store read it from `data.data`
 * (spec 2 §7), so that nesting is accepted too.
 */
export const shopListSchema = z.union([z.array(shopItemSchema), z.object({ data: z.array(shopItemSchema) }).transform((v) => v.data)]);

/** The catalogue types a shop screen asks for (`undefined`: the default list, eggs). */
export type ShopListType = 'egg' | 'item' | 'gdao' | undefined;

/** `POST /api/drop` answer: the item received and how many the player now holds. */
export const dropResultSchema = z.object({ item_id: z.number().int(), quantity: z.number() }).passthrough();

/** Creates the typed shop endpoints over an HTTP client. */
export function createShopApi(http: Http) {
  return {
    /** GET /api/shop (eggs) or /api/shop?type=…: one catalogue list. */
    list: (type: ShopListType): Promise<ApiResult<ShopItem[]>> =>
      http.get(type ? `/api/shop?type=${type}` : '/api/shop', { schema: shopListSchema }),
    /** POST /api/shop/buy: the approve press of a purchase. */
    buy: (shopItemId: number): Promise<ApiResult<unknown>> => http.post('/api/shop/buy', { shop_item_id: shopItemId }),
    /** POST /api/drop: a gDAO store purchase (paid in gDAO tokens, no gas). */
    drop: (itemId: number): Promise<ApiResult<z.infer<typeof dropResultSchema>>> => http.post('/api/drop', { item_id: itemId }, { schema: dropResultSchema }),
  };
}

/** The shop endpoints' type. */
export type ShopApi = ReturnType<typeof createShopApi>;

/** The app's shop endpoints over the same-origin HTTP client. */
export const shopApi: ShopApi = createShopApi(createHttp());
