/**
 * The database's tables as Kysely sees them. Each domain declares its own tables interface; `Database`
 * joins them. Conventions: ids and times are integers read as number (times in epoch milliseconds);
 * flags are 0/1 integers; money is int64 read as bigint (moneyColumns.ts).
 */
import type { AuthTables } from './tables/auth';
import type { ChainTables } from './tables/chain';
import type { FactorTables } from './tables/factors';
import type { GameTables } from './tables/game';
import type { GdaoTables } from './tables/gdao';
import type { LedgerTables } from './tables/ledger';
import type { RateLimitTables } from './tables/rateLimits';
import type { ShopTables } from './tables/shop';
import type { SolvencyTables } from './tables/solvency';
import type { TransactionTables } from './tables/transactions';
import type { WorldTables } from './tables/world';
import type { WithdrawalSafetyTables } from './tables/withdrawalSafety';

/** Every table of the product: each domain's tables interface joined. */
// The join point: each domain adds its tables interface here.
export interface Database
  extends
    AuthTables,
    LedgerTables,
    TransactionTables,
    RateLimitTables,
    GameTables,
    ShopTables,
    ChainTables,
    GdaoTables,
    WorldTables,
    SolvencyTables,
    WithdrawalSafetyTables,
    FactorTables {}
