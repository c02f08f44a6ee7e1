/** Money columns are declared, not recognised by name: only the declared set reads as bigint. */
import { describe, expect, it } from 'vitest';
import type { QueryResult, UnknownRow } from 'kysely';
import { IntegerResultsPlugin } from '../../../src/server/db/integerResultsPlugin';
import { MONEY_COLUMNS, isMoneyColumn } from '../../../src/server/db/moneyColumns';
import { LEDGER_MONEY_ALIASES, LEDGER_MONEY_COLUMNS } from '../../../src/server/db/tables/ledger';
import { TRANSACTION_MONEY_COLUMNS } from '../../../src/server/db/tables/transactions';
import { GAME_MONEY_COLUMNS } from '../../../src/server/db/tables/game';
import { SHOP_MONEY_COLUMNS } from '../../../src/server/db/tables/shop';
import { CHAIN_MONEY_COLUMNS } from '../../../src/server/db/tables/chain';
import { GDAO_MONEY_COLUMNS } from '../../../src/server/db/tables/gdao';

const read = async (row: UnknownRow) => {
  const result: QueryResult<UnknownRow> = { rows: [row] };
  return (await new IntegerResultsPlugin().transformResult({ queryId: { queryId: 'q' }, result })).rows[0]!;
};

describe('money columns', () => {
  it('are exactly the declared columns and aliases of every table', () => {
    const declared = new Set([
      ...LEDGER_MONEY_COLUMNS,
      ...LEDGER_MONEY_ALIASES,
      ...TRANSACTION_MONEY_COLUMNS,
      ...GAME_MONEY_COLUMNS,
      ...SHOP_MONEY_COLUMNS,
      ...CHAIN_MONEY_COLUMNS,
      ...GDAO_MONEY_COLUMNS,
    ]);
    expect([...MONEY_COLUMNS].sort()).toEqual([...declared].sort());
    for (const name of ['balance', 'amount', 'debits_pending', 'after_balance', 'sum_amount', 'prev_balance', 'ngls_fee'])
      expect(isMoneyColumn(name)).toBe(true);
  });

  it('reads a declared column as bigint, and an undeclared one as number even when its name sounds like money', async () => {
    expect(await read({ balance: 5n, sum_amount: '12', total: 7n, price: 3n, stake_value: 9n, version: 4n })).toEqual({
      balance: 5n,
      sum_amount: 12n,
      total: 7,
      price: 3,
      stake_value: 9,
      version: 4,
    });
  });

  it('refuses to read an undeclared integer past 2^53 rather than round it', async () => {
    await expect(read({ total: 2n ** 53n + 1n })).rejects.toThrow(/"total" holds 9007199254740993/);
    expect(await read({ balance: 2n ** 62n })).toEqual({ balance: 2n ** 62n });
  });
});
