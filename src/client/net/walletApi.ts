/**
 * The wallet endpoints of spec 2 §7 and FACTS.md, typed; each returns an ApiResult and never throws. Every
 * two-stage flow is "the feature's precalculating call (transaction id + gas), then
 * POST /api/transactions/{id}/commit" (FACTS.md "Fee precalculation"); starter pack 4 has no gas and is
 * bought at once.
 */
import { z } from 'zod';
import { precalcDataSchema, type PrecalcData } from '../../shared/api/transactions';
import type { WireCurrency } from '../../shared/rules/wallet';
import { createHttp, type ApiResult, type Http } from './http';

// Money may come as numbers or strings (FACTS.md); the client keeps decimal strings.
const money = z.union([z.string(), z.number()]).transform((v) => String(v));

/** `GET /api/wallet/exchange`: prices, fees (fractions) and pool balances. */
export const ratesSchema = z.object({
  nglsPrice: money,
  nglsSPrice: money,
  nglsFee: money,
  bnbPrice: money,
  bnbFee: money,
  exchangePoolNgls: money,
  exchangePoolBnb: money,
  exchangePoolBusdNgls: money,
  exchangePoolBusdBnb: money,
});

/** The exchange rates object. */
export type Rates = z.infer<typeof ratesSchema>;

/** A starter pack (FACTS.md "Shop item", type startpak); description is HTML. */
export const starterPackSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    description: z.string().default(''),
    price_ngls: money.default('0'),
    price_bnb: money.default('0'),
    price_busd: money.default('0'),
    price_token: money.default('0'),
  })
  .passthrough();

/** A starter pack. */
export type StarterPack = z.infer<typeof starterPackSchema>;

/** Body of `POST /api/wallet/send` (and the withdraw screen, which sends to an outside address). */
export interface SendBody {
  amount: string;
  currency: WireCurrency;
  to_address: string;
  /** The gas of the chosen currency the player last saw ('0' before the first precalculation). */
  gas: string;
}

/** Body of `POST /api/wallet/exchange`. */
export interface ExchangeBody {
  from_currency: WireCurrency;
  to_currency: WireCurrency;
  amount: string;
}

/** Body of the starter pack precalculation (`POST /api/wallet/withdraw`, spec 2 §7) and purchase. */
export interface StarterBody {
  shop_item_id: number;
  amount: string;
  currency: 'busd';
  to_address: string;
  gas: string;
}

/** Creates the typed wallet endpoints over an HTTP client. */
export function createWalletApi(http: Http) {
  return {
    /** GET /api/wallet: the player's deposit address. */
    wallet: (): Promise<ApiResult<{ address: string }>> => http.get('/api/wallet', { schema: z.object({ address: z.string() }).passthrough() }),
    /** POST /api/wallet/send: stage 0 of a send. */
    send: (body: SendBody): Promise<ApiResult<PrecalcData>> => http.post('/api/wallet/send', body, { schema: precalcDataSchema }),
    /** POST /api/wallet/exchange: stage 0 of a mint, melt or swap. */
    exchange: (body: ExchangeBody): Promise<ApiResult<PrecalcData>> => http.post('/api/wallet/exchange', body, { schema: precalcDataSchema }),
    /** POST /api/wallet/withdraw: the fee precalculation of a starter pack purchase. */
    starterPrecalc: (body: StarterBody): Promise<ApiResult<PrecalcData>> => http.post('/api/wallet/withdraw', body, { schema: precalcDataSchema }),
    /** POST /api/transactions/{id}/commit: stage 1 of every two-stage flow. */
    commit: (id: string): Promise<ApiResult<unknown>> => http.post(`/api/transactions/${encodeURIComponent(id)}/commit`),
    /** GET /api/wallet/exchange: the rates and pools. */
    rates: (): Promise<ApiResult<Rates>> => http.get('/api/wallet/exchange', { schema: ratesSchema }),
    /** GET /api/shop/?type=startpak: the starter packs. */
    starterPacks: (): Promise<ApiResult<StarterPack[]>> => http.get('/api/shop/?type=startpak', { schema: z.array(starterPackSchema) }),
    /** POST /api/shop/buy: buys a shop item at once (starter pack 4: no gas, no precalculation). */
    buy: (shopItemId: number): Promise<ApiResult<unknown>> => http.post('/api/shop/buy', { shop_item_id: shopItemId }),
    /** POST /api/onboarding/gas: sets start_gas after a gas deposit of at least 0.001 BNB. */
    onboardingGas: (): Promise<ApiResult<unknown>> => http.post('/api/onboarding/gas'),
    /** GET /api/test-coin: test BNB and USDC on a dev chain ("Test Coin Sent"). */
    testCoin: (): Promise<ApiResult<unknown>> => http.get('/api/test-coin'),
  };
}

/** The wallet endpoints' type. */
export type WalletApi = ReturnType<typeof createWalletApi>;

/** The app's wallet endpoints over the same-origin HTTP client. */
export const walletApi: WalletApi = createWalletApi(createHttp());
