/**
 * The ledger's assets and system accounts. Scales live in src/shared/money/assets.ts (the one table the
 * client reads too); this module adds what only the server needs.
 */
import { CURRENCY_ASSETS, ITEM_IDS, itemAsset, type AssetCode } from '../../shared/money/assets';

export { assetScale, isAssetCode, itemAsset, itemIdOf, type AssetCode } from '../../shared/money/assets';

/** Account flags (a bit set stored in `ledger_accounts.flags`). */
export const ACCOUNT_FLAGS = {
  /** balance − debits_pending ≥ 0 always: players, eidols, pools. */
  MUST_NOT_GO_NEGATIVE: 1,
  /** balance + credits_pending ≤ 0 always: the issuing side (genesis, chain custody). */
  MUST_NOT_GO_POSITIVE: 2,
} as const;

/** Every asset the ledger books: the currencies and the inventory items (gDAO is the GDAO currency). */
export const LEDGER_ASSETS: readonly AssetCode[] = [
  ...(Object.keys(CURRENCY_ASSETS) as AssetCode[]),
  ...Object.values(ITEM_IDS)
    .filter((id) => id !== ITEM_IDS.GDAO_TOKEN)
    .map((id) => itemAsset(id)),
];

const { MUST_NOT_GO_NEGATIVE: NON_NEGATIVE, MUST_NOT_GO_POSITIVE: NON_POSITIVE } = ACCOUNT_FLAGS;

/**
 * The system accounts every asset has, with their flags. `genesis` is the equity side that carries the
 * negative of everything issued; `chain_custody` mirrors on-chain holdings (debited by deposits).
 */
export const SYSTEM_ACCOUNTS = {
  genesis: NON_POSITIVE,
  gscb_reserve: NON_NEGATIVE,
  mining_pool: NON_NEGATIVE,
  exchange_pool: NON_NEGATIVE,
  treasury: NON_NEGATIVE,
  chain_custody: NON_POSITIVE,
  fees: NON_NEGATIVE,
  item_backing: NON_NEGATIVE,
  shop_stock: NON_NEGATIVE,
  /** Items issued but not yet in a shop: the caravan's goods and rewards come from here. */
  item_reserve: NON_NEGATIVE,
  /** Items used up by an action (pop, feed, extract, …): they never come back. */
  consumed: NON_NEGATIVE,
  /** gDAO not yet given out: referral rewards, the monthly income, the jar claims' source. */
  gdao_reserve: NON_NEGATIVE,
  /** gDAO burned at the chest. */
  gdao_burned: NON_NEGATIVE,
  /** The chest supply (`gdao_chest_supply`): the ANGLS a gDAO burn is paid from. */
  gdao_chest: NON_NEGATIVE,
} as const;

/** A system account's name. */
export type SystemAccountName = keyof typeof SYSTEM_ACCOUNTS;

/** Flags of player and eidol accounts: they never go negative. */
export const HOLDER_FLAGS = NON_NEGATIVE;

/** Names whose system account is an issuing side (must not go positive); every other account must not go negative. */
export const ISSUER_NAMES: readonly string[] = (Object.keys(SYSTEM_ACCOUNTS) as SystemAccountName[]).filter(
  (n) => SYSTEM_ACCOUNTS[n] === NON_POSITIVE,
);

/**
 * The flags an account has, derived from its owner: never chosen by a caller. The database holds the same
 * rule (migration 0011: a CHECK on PostgreSQL, triggers on SQLite), so no other flags can be stored.
 */
export function flagsOf(ownerKind: 'player' | 'eidol' | 'system', name: string): number {
  return ownerKind === 'system' && ISSUER_NAMES.includes(name) ? NON_POSITIVE : NON_NEGATIVE;
}
