/**
 * Which ledger account backs each exchange pool, their opening balances, and `GET /api/wallet/exchange`'s
 * rates object. The GSCB reserve holds the ANGLS ↔ USDC pair, the exchange pool the USDC ↔ BNB pair.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { getAccount, runLedgerTx, systemAccount, transferBatch, type LedgerTx, type SystemAccountName } from '../../ledger/index';
import { CURRENCY_ASSETS, type CurrencyCode } from '../../../shared/money/assets';
import { formatUnits } from '../../../shared/money/format';
import { parseUnits } from '../../../shared/money/parse';
import { EXCHANGE_POOL_GENESIS, EXCHANGE_RATES } from './exchangeConfig';

/** A pool: the system account and asset behind it. */
export interface PoolAccount {
  name: SystemAccountName;
  asset: CurrencyCode;
}

/** The four pools of FACTS.md's rates object and the accounts behind them. */
export const EXCHANGE_POOLS = {
  /** ANGLS that mints pay out (and melts refill). */
  exchangePoolNgls: { name: 'gscb_reserve', asset: 'ANGLS' },
  /** USDC that melts pay out (and mints refill). */
  exchangePoolBusdNgls: { name: 'gscb_reserve', asset: 'USDC' },
  /** BNB that USDC → BNB swaps pay out. */
  exchangePoolBnb: { name: 'exchange_pool', asset: 'BNB' },
  /** USDC that BNB → USDC swaps pay out. */
  exchangePoolBusdBnb: { name: 'exchange_pool', asset: 'USDC' },
} as const satisfies Record<string, PoolAccount>;

/** The name of a pool in the rates object. */
export type PoolName = keyof typeof EXCHANGE_POOLS;

/** The fixed ids of the pools' opening transfers: applying them twice is a no-op. */
export const POOL_GENESIS_IDS = {
  gscbReserveUsdc: 'genesis:v1:usdc:gscb_reserve',
  exchangePoolUsdc: 'genesis:v1:usdc:exchange_pool',
  exchangePoolBnb: 'genesis:v1:bnb:exchange_pool',
} as const;

/**
 * Funds the USDC and BNB pools from `genesis` once (config EXCHANGE_POOL_GENESIS); idempotent by transfer
 * id, so the server calls it at every start after ensureGenesis. Answers true when this call funded them.
 */
export async function ensureExchangePools(db: Db, clock: Clock): Promise<boolean> {
  return runLedgerTx(db, clock, async (tx) => {
    const done = await tx.kysely.selectFrom('ledger_transfers').select('id').where('id', 'in', Object.values(POOL_GENESIS_IDS)).execute();
    if (done.length === Object.keys(POOL_GENESIS_IDS).length) return false;
    const usdc = (t: string) => parseUnits(t, CURRENCY_ASSETS.USDC.scale);
    const leg = async (id: string, asset: CurrencyCode, name: SystemAccountName, amount: bigint) => ({
      id,
      debit: await systemAccount(tx, 'genesis', asset),
      credit: await systemAccount(tx, name, asset),
      amount,
      code: 'genesis',
    });
    const results = await transferBatch(tx, [
      await leg(POOL_GENESIS_IDS.gscbReserveUsdc, 'USDC', 'gscb_reserve', usdc(EXCHANGE_POOL_GENESIS.gscbReserveUsdc)),
      await leg(POOL_GENESIS_IDS.exchangePoolUsdc, 'USDC', 'exchange_pool', usdc(EXCHANGE_POOL_GENESIS.exchangePoolUsdc)),
      await leg(
        POOL_GENESIS_IDS.exchangePoolBnb,
        'BNB',
        'exchange_pool',
        parseUnits(EXCHANGE_POOL_GENESIS.exchangePoolBnb, CURRENCY_ASSETS.BNB.scale),
      ),
    ]);
    return results.some((r) => r.created);
  });
}

/** The ledger account id of a pool, opened if missing. */
export function poolAccount(tx: LedgerTx, pool: PoolName): Promise<number> {
  const p = EXCHANGE_POOLS[pool];
  return systemAccount(tx, p.name, p.asset);
}

/** What a pool can pay now (balance − reservations), in units. */
export async function poolAvailable(tx: LedgerTx, pool: PoolName): Promise<bigint> {
  const acc = await getAccount(tx.kysely, await poolAccount(tx, pool));
  return acc ? acc.balance - acc.debitsPending : 0n;
}

/** `GET /api/wallet/exchange` data: rates as numbers (exact short decimals), pools as decimal strings. */
export interface RatesView {
  nglsPrice: number;
  nglsSPrice: number;
  nglsFee: number;
  bnbPrice: number;
  bnbFee: number;
  exchangePoolNgls: string;
  exchangePoolBnb: string;
  exchangePoolBusdNgls: string;
  exchangePoolBusdBnb: string;
}

/** Reads the pools' spendable balances (an unopened pool reads 0) and the configured rates. */
export async function ratesView(k: Kysely<Database>): Promise<RatesView> {
  const rows = await k
    .selectFrom('ledger_accounts')
    .select(['name', 'asset', 'balance', 'debits_pending'])
    .where('owner_kind', '=', 'system')
    .where('owner_id', '=', 0)
    .where('name', 'in', ['gscb_reserve', 'exchange_pool'])
    .execute();
  const pool = (p: PoolName) => {
    const { name, asset } = EXCHANGE_POOLS[p];
    const row = rows.find((r) => r.name === name && r.asset === asset);
    return formatUnits(row ? row.balance - row.debits_pending : 0n, CURRENCY_ASSETS[asset].scale);
  };
  return {
    nglsPrice: Number(EXCHANGE_RATES.nglsPrice),
    nglsSPrice: Number(EXCHANGE_RATES.nglsSPrice),
    nglsFee: Number(EXCHANGE_RATES.nglsFee),
    bnbPrice: Number(EXCHANGE_RATES.bnbPrice),
    bnbFee: Number(EXCHANGE_RATES.bnbFee),
    exchangePoolNgls: pool('exchangePoolNgls'),
    exchangePoolBnb: pool('exchangePoolBnb'),
    exchangePoolBusdNgls: pool('exchangePoolBusdNgls'),
    exchangePoolBusdBnb: pool('exchangePoolBusdBnb'),
  };
}
