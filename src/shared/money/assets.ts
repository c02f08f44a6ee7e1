/**
 * Every asset the ledger knows, with its fixed integer scale: the ONE place scales live (server and client
 * both read it). A ledger amount of `n` units means n / 10^scale of the asset.
 */

/** Currencies and tokens, by ledger code. */
export const CURRENCY_ASSETS = {
  /** The internal coin (wire code `ngls`). */
  ANGLS: { scale: 8, wire: 'ngls', display: 8 },
  /** Wire code `busd`; 6 decimals as on most chains (BSC's 18-decimal token converts at the chain boundary). */
  USDC: { scale: 6, wire: 'busd', display: 2 },
  /** Gas and currency; 9 decimals (gwei) keeps 9.2e9 BNB inside int64. */
  BNB: { scale: 9, wire: 'bnb', display: 4 },
  /** The governance token, inventory item 4; whole tokens only. */
  GDAO: { scale: 0, wire: 'gdao', display: 0 },
} as const;

/** A currency's ledger code. */
export type CurrencyCode = keyof typeof CURRENCY_ASSETS;

/** Inventory item ids (FACTS.md); gDAO (4) is an item on the wire but the GDAO currency in the ledger. */
export const ITEM_IDS = {
  GDAO_TOKEN: 4,
  JAR_CLAIM_DROP: 5,
  GOLDEN_COOKIE: 6,
  TAX_COMMENDATION: 7,
  EXTRACTION_EXTRACT: 11,
  PRECISION_APPLE: 12,
  EGGTOPLASM_JAR: 13,
  TRANSMUTATION_TOME: 14,
} as const;

/** A ledger asset code: a currency, or `item:<id>` for an inventory item (scale 0: whole items). */
export type AssetCode = CurrencyCode | `item:${number}`;

/** The ledger asset of inventory item `id`; item 4 (gDAO) is the GDAO currency. */
export function itemAsset(id: number): AssetCode {
  if (!Number.isInteger(id) || id <= 0) throw new Error(`bad item id ${id}`);
  return id === ITEM_IDS.GDAO_TOKEN ? 'GDAO' : `item:${id}`;
}

/** The item id behind an asset code, or undefined for ANGLS/USDC/BNB. */
export function itemIdOf(asset: string): number | undefined {
  if (asset === 'GDAO') return ITEM_IDS.GDAO_TOKEN;
  const m = /^item:([1-9]\d{0,8})$/.exec(asset);
  return m ? Number(m[1]) : undefined;
}

/** True when `asset` is a code the ledger accepts. */
export function isAssetCode(asset: string): asset is AssetCode {
  return asset in CURRENCY_ASSETS || /^item:([1-9]\d{0,8})$/.test(asset);
}

/** Decimal places of the asset's ledger unit. */
export function assetScale(asset: string): number {
  const c = (CURRENCY_ASSETS as Record<string, { scale: number }>)[asset];
  if (c) return c.scale;
  if (isAssetCode(asset)) return 0;
  throw new Error(`unknown asset ${asset}`);
}

/** Largest amount a ledger column holds (int64). */
export const MAX_UNITS = 2n ** 63n - 1n;
