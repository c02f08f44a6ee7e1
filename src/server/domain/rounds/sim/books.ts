/**
 * The simulator's per-round audit: replays a settlement's transfers over the balances before the round and
 * throws (with the round and the run's seed) unless money is conserved and nothing is ever negative.
 * Independent of settlement.ts's own arithmetic, so a bug there shows up as a breach here.
 */
import type { Settlement } from '../../../../shared/rules/round/settlementTypes';

/** Balances before a round: each eidol's value by id and the mining pool. */
export interface RoundBalances {
  values: ReadonlyMap<number, bigint>;
  pool: bigint;
}

/** A conservation or solvency breach, naming the round and the seed that reproduces it. */
export class BooksBreach extends Error {
  constructor(
    readonly round: number,
    readonly seed: string,
    detail: string,
  ) {
    super(`round ${round} (seed ${seed}): ${detail}`);
    this.name = 'BooksBreach';
  }
}

/**
 * Throws a `BooksBreach` unless: every transfer moves a positive amount between one eidol and the pool, no
 * account goes negative after any single transfer, the replayed balances equal each eidol's new value and
 * the pool after, Σ values + pool is unchanged, and the totals' Σ S = Σ bet legs.
 */
export function assertRoundBooks(before: RoundBalances, out: Settlement, seed: string): void {
  const fail = (detail: string): never => {
    throw new BooksBreach(out.roundId, seed, detail);
  };
  const values = new Map(before.values);
  let pool = before.pool;
  if (pool < 0n) fail(`pool negative before the round: ${pool}`);
  const total = (vals: Iterable<bigint>, p: bigint) => {
    let sum = p;
    for (const v of vals) sum += v;
    return sum;
  };
  const totalBefore = total(values.values(), pool);
  let bets = 0n;
  for (const t of out.transfers) {
    if (t.amount <= 0n) fail(`transfer ${t.id} amount ${t.amount} ≤ 0`);
    const toPool = t.debit.kind === 'eidol' && t.credit.kind === 'system';
    const fromPool = t.debit.kind === 'system' && t.credit.kind === 'eidol';
    if (!toPool && !fromPool) fail(`transfer ${t.id} is not between one eidol and the pool`);
    const eidolId = t.debit.kind === 'eidol' ? t.debit.id : t.credit.kind === 'eidol' ? t.credit.id : -1;
    const v = values.get(eidolId);
    if (v === undefined) fail(`transfer ${t.id} names unknown eidol ${eidolId}`);
    const delta = toPool ? -t.amount : t.amount;
    const next = (v ?? 0n) + delta;
    values.set(eidolId, next);
    pool -= delta;
    if (toPool) bets += t.amount;
    if (next < 0n) fail(`eidol ${eidolId} negative (${next}) after ${t.id}`);
    if (pool < 0n) fail(`pool negative (${pool}) after ${t.id}`);
  }
  if (pool !== out.totals.poolAfter) fail(`replayed pool ${pool} ≠ settlement's ${out.totals.poolAfter}`);
  for (const e of out.eidols) {
    if (values.get(e.id) !== e.value) fail(`eidol ${e.id}: replayed ${values.get(e.id)} ≠ settled ${e.value}`);
    if (e.value < 0n) fail(`eidol ${e.id} negative: ${e.value}`);
  }
  if (out.eidols.length !== values.size) fail(`${out.eidols.length} eidols settled, ${values.size} held`);
  const settledTotal = total(
    out.eidols.map((e) => e.value),
    out.totals.poolAfter,
  );
  if (settledTotal !== totalBefore) fail(`Σ values + pool ${totalBefore} → ${settledTotal}`);
  if (bets !== out.totals.stakes) fail(`Σ bet legs ${bets} ≠ Σ S ${out.totals.stakes}`);
}
