/**
 * The integer convention shared by both dialects. SQLite is opened with safe integers (every INTEGER
 * reads as bigint) and PostgreSQL parses int8 as BigInt; `IntegerResultsPlugin` then gives every row the
 * same types on both: declared money columns stay bigint, every other integer becomes a number (and a
 * value past 2^53 in an undeclared column throws rather than lose precision).
 *
 * Money is declared, not guessed from a name: each table file lists its money columns, and code that
 * aliases a money result (`sum(amount) as sum_amount`) declares the alias there too. A domain that adds
 * money columns adds its list here.
 */
import { LEDGER_MONEY_ALIASES, LEDGER_MONEY_COLUMNS } from './tables/ledger';
import { TRANSACTION_MONEY_COLUMNS } from './tables/transactions';
import { GAME_MONEY_COLUMNS } from './tables/game';
import { SHOP_MONEY_COLUMNS } from './tables/shop';
import { CHAIN_MONEY_COLUMNS } from './tables/chain';
import { GDAO_MONEY_COLUMNS } from './tables/gdao';

/** Every result column name that carries a 64-bit money amount (or an item quantity). */
export const MONEY_COLUMNS: ReadonlySet<string> = new Set<string>([
  ...LEDGER_MONEY_COLUMNS,
  ...LEDGER_MONEY_ALIASES,
  ...TRANSACTION_MONEY_COLUMNS,
  ...GAME_MONEY_COLUMNS,
  ...SHOP_MONEY_COLUMNS,
  ...CHAIN_MONEY_COLUMNS,
  ...GDAO_MONEY_COLUMNS,
]);

/** True when a result column of this name carries a 64-bit money amount. */
export function isMoneyColumn(name: string): boolean {
  return MONEY_COLUMNS.has(name);
}
