/**
 * The wallet endpoints of spec 2 §7 and FACTS.md, typed; each returns an ApiResult and never throws. The two
 * stages: a send precalculates with `POST /wallet/send` and approves with `POST /transactions/{id}/commit`;
 * the exchange and starter screens precalculate the gas with `POST /wallet/withdraw` and approve with the
 * call that carries what is traded (`POST /wallet/exchange`, `POST /shop/buy`), as spec 2 §7 lists them;
 * starter pack 4 skips the precalculation.
 */
import { z } from '../../shared/zod';
import { precalcDataSchema, type PrecalcData } from '../../shared/api/transactions';
import type { WireCurrency } from '../../shared/rules/wallet';
import { createHttp, type ApiResult, type Http } from './http';
import { money, textOrEmpty } from './lenientFields';

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
export const starterPackSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  type: z.string(),
  description: textOrEmpty,
  price_ngls: z._default(money, '0'),
  price_bnb: z._default(money, '0'),
  price_busd: z._default(money, '0'),
  price_token: z._default(money, '0'),
});

/** A starter pack. */
export type StarterPack = z.infer<typeof starterPackSchema>;

/** Body of `POST /api/wallet/send` (and the withdraw screen, which sends to an outside address). */
export interface SendBody {
  amount: string;
  currency: WireCurrency;
  to_address: string;
  /** The gas of the chosen currency the player last saw ('0' before the first precalculation). */
  gas: string;
  /** A fresh second factor, when the player has one (a withdrawal asks for it). */
  otp?: string;
  recovery_code?: string;
}

/** Body of `POST /api/wallet/exchange`. */
export interface ExchangeBody {
  from_currency: WireCurrency;
  to_currency: WireCurrency;
  amount: string;
}

/**
 * The platform address the gas precalculation names (spec 2 §7: "a fixed platform address"). Payments to the
 * platform are ledger transfers inside the custodial wallet, so the server checks only its shape.
 */
export const PLATFORM_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Body of the gas precalculation `POST /api/wallet/withdraw` (exchange, shop and starter screens). */
export interface FeeQuoteBody {
  amount: string;
  currency: WireCurrency;
  to_address: string;
  gas: string;
}

/** Creates the typed wallet endpoints over an HTTP client. */
export function createWalletApi(http: Http) {
  return {
    /** GET /api/wallet: the player's deposit address. */
    wallet: (): Promise<ApiResult<{ address: string }>> => http.get('/api/wallet', { schema: z.looseObject({ address: z.string() }) }),
    /** POST /api/wallet/send: stage 0 of a send. */
    send: (body: SendBody): Promise<ApiResult<PrecalcData>> => http.post('/api/wallet/send', body, { schema: precalcDataSchema }),
    /** POST /api/wallet/withdraw: stage 0 of the exchange and starter screens (the gas, a transaction id). */
    feeQuote: (body: FeeQuoteBody): Promise<ApiResult<PrecalcData>> =>
      http.post('/api/wallet/withdraw', body, { schema: precalcDataSchema }),
    /** POST /api/wallet/exchange: the approve press of a mint, melt or swap (the trade itself). */
    exchange: (body: ExchangeBody): Promise<ApiResult<unknown>> => http.post('/api/wallet/exchange', body),
    /** POST /api/transactions/{id}/commit: stage 1 of a send. */
    commit: (id: string): Promise<ApiResult<unknown>> => http.post(`/api/transactions/${encodeURIComponent(id)}/commit`),
    /** GET /api/wallet/exchange: the rates and pools. */
    rates: (): Promise<ApiResult<Rates>> => http.get('/api/wallet/exchange', { schema: ratesSchema }),
    /** GET /api/shop/?type=startpak: the starter packs. */
    starterPacks: (): Promise<ApiResult<StarterPack[]>> => http.get('/api/shop/?type=startpak', { schema: z.array(starterPackSchema) }),
    /** POST /api/shop/buy: the approve press of a purchase (starter pack 4: the only call). */
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
