/** Normalises integer results across SQLite and PostgreSQL (see moneyColumns.ts). */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { isMoneyColumn } from './moneyColumns';

function normalise(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (isMoneyColumn(key)) {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
    // PostgreSQL returns numeric (e.g. SUM of int8) as text.
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
    return value;
  }
  if (typeof value === 'bigint') {
    const n = Number(value);
    // Losing precision silently would corrupt data: a large integer in a non-money column is a naming bug.
    if (!Number.isSafeInteger(n))
      throw new Error(`integer column "${key}" holds ${value}: if it is money, declare it as a money column (moneyColumns.ts)`);
    return n;
  }
  return value;
}

/** Kysely plugin: declared money columns → bigint, other integers → number, the same on both dialects. */
export class IntegerResultsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows.map((row) => {
      const out: UnknownRow = {};
      for (const [k, v] of Object.entries(row)) out[k] = normalise(k, v);
      return out;
    });
    return { ...args.result, rows };
  }
}
