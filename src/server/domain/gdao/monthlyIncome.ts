/**
 * The monthly gDAO income (ECONOMY.md "Monthly gDAO income"): for each closed UTC month, the configured
 * budget is shared among players pro rata to their activity (rounds joined among the rounds settled that
 * month, from `round_entries`, plus PATRON_ACTIVITY_PERCENT of the rounds their invited players joined), paid from
 * `gdao_reserve` and published with a root hash (src/shared/rules/gdaoDistribution.ts `distributionRoot`) and a Merkle
 * root over its rows (src/shared/rules/gdaoMerkle.ts), which the anchoring queue then writes on the chain
 * (merkleAnchor.ts). Publication is idempotent: the month's row is its key, written with the rows (and their
 * leaf hashes) and the transfers (fixed ids) in one commit.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { distributionRoot } from '../../../shared/rules/gdaoDistribution';
import { leafHash, rootOfLeafHashes } from '../../../shared/rules/gdaoMerkle';
import { splitBudget } from '../../../shared/rules/gdaoSplit';
import { playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { MONTHLY_GDAO_BUDGET, PATRON_ACTIVITY_PERCENT } from './gdaoConfig';
import { spendable } from './gdaoGuards';

/** 'YYYY-MM' of the UTC month holding `ms`. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** True for a well-formed 'YYYY-MM'. */
export function isMonth(text: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
}

/** [start, end) of a 'YYYY-MM' month, epoch ms UTC. */
export function monthRange(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1)];
}

/** One player's line of a month, before publication. */
export interface IncomeRow {
  user_id: number;
  own_activity: number;
  patron_activity: number;
  activity: number;
  amount: bigint;
}

/**
 * The ids of the rounds settled in [start, end), as a range: ids grow with time, so a month's entries are
 * a range of `round_entries`' primary key (no extra index for settlement to maintain).
 */
async function roundIdRange(k: Kysely<Database>, start: number, end: number): Promise<[number, number] | undefined> {
  const r = await k
    .selectFrom('rounds')
    .select((eb) => [eb.fn.min<number | null>('id').as('lo'), eb.fn.max<number | null>('id').as('hi')])
    .where('settled_at', '>=', start)
    .where('settled_at', '<', end)
    .executeTakeFirst();
  return r?.lo == null || r.hi == null ? undefined : [Number(r.lo), Number(r.hi)];
}

/** Rounds each player joined among the rounds settled in [start, end) (only `userIds` when given). */
export async function roundsJoined(
  k: Kysely<Database>,
  start: number,
  end: number,
  userIds?: readonly number[],
): Promise<Map<number, number>> {
  if (userIds && userIds.length === 0) return new Map();
  const range = await roundIdRange(k, start, end);
  if (!range) return new Map();
  const rows = await k
    .selectFrom('round_entries')
    .select(['user_id', (eb) => eb.fn.count<number | bigint | string>('round_id').distinct().as('n')])
    .where('round_id', '>=', range[0])
    .where('round_id', '<=', range[1])
    .$if(userIds !== undefined, (q) => q.where('user_id', 'in', [...userIds!]))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** The month's activity rows (players with any activity), amounts split from `budget`, in user_id order. */
export async function computeMonth(k: Kysely<Database>, month: string, budget: bigint): Promise<IncomeRow[]> {
  const [start, end] = monthRange(month);
  const own = await roundsJoined(k, start, end);
  const invited = new Map<number, number>();
  const ids = [...own.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const users = await k
      .selectFrom('users')
      .select(['id', 'referrer_id'])
      .where('id', 'in', ids.slice(i, i + 500))
      .where('referrer_id', 'is not', null)
      .execute();
    for (const u of users)
      if (u.referrer_id !== u.id) invited.set(u.referrer_id!, (invited.get(u.referrer_id!) ?? 0) + (own.get(u.id) ?? 0));
  }
  const players = [...new Set([...own.keys(), ...invited.keys()])];
  const base = players
    .map((id) => {
      const o = own.get(id) ?? 0;
      const p = Math.floor(((invited.get(id) ?? 0) * PATRON_ACTIVITY_PERCENT) / 100);
      return { user_id: id, own_activity: o, patron_activity: p, activity: o + p };
    })
    .filter((r) => r.activity > 0);
  const split = new Map(splitBudget(budget, base).map((r) => [r.user_id, r.amount]));
  return base.map((r) => ({ ...r, amount: split.get(r.user_id) ?? 0n })).sort((a, b) => a.user_id - b.user_id);
}

/** Publishes and pays `month` inside `tx` unless it is published; answers true when this call did it. */
export async function publishMonthIn(tx: LedgerTx, month: string): Promise<boolean> {
  const done = await tx.kysely.selectFrom('gdao_distributions').select('month').where('month', '=', month).executeTakeFirst();
  if (done) return false;
  const reserve = await systemAccount(tx, 'gdao_reserve', 'GDAO');
  const probe = await computeMonth(tx.kysely, month, 0n);
  // Nobody active: nothing is paid. An emptier reserve than the budget pays what it holds.
  const available = await spendable(tx, reserve);
  const budget = probe.length === 0 ? 0n : MONTHLY_GDAO_BUDGET < available ? MONTHLY_GDAO_BUDGET : available;
  const rows = budget === 0n ? probe : await computeMonth(tx.kysely, month, budget);
  // Rows are in user_id order: the leaves' order.
  const leaves = rows.map((r) => ({ ...r, leaf_hash: leafHash(r) }));
  const header = await tx.kysely
    .insertInto('gdao_distributions')
    .values({
      month,
      budget,
      total_activity: rows.reduce((s, r) => s + r.activity, 0),
      root_hash: distributionRoot(rows),
      merkle_root: rootOfLeafHashes(leaves.map((r) => r.leaf_hash)),
      created_at: tx.now,
    })
    // A concurrent publisher (PostgreSQL) waits for the other's commit here, then writes nothing.
    .onConflict((oc) => oc.doNothing())
    .returning('month')
    .executeTakeFirst();
  if (!header) return false;
  for (let i = 0; i < leaves.length; i += 500) {
    await tx.kysely
      .insertInto('gdao_distribution_rows')
      .values(leaves.slice(i, i + 500).map((r) => ({ month, ...r })))
      .execute();
  }
  const paid = rows.filter((r) => r.amount > 0n);
  if (paid.length > 0) {
    const legs = [];
    for (const r of paid) {
      legs.push({
        id: `gdao-income:${month}:${r.user_id}`,
        debit: reserve,
        credit: await playerAccount(tx, r.user_id, 'GDAO'),
        amount: r.amount,
        code: 'gdao-income',
        ref: month,
      });
    }
    await transferBatch(tx, legs);
  }
  return true;
}

/** Closed months from the month of the first settled round up to the month before `now`. */
export async function closedMonths(k: Kysely<Database>, now: number): Promise<string[]> {
  const first = await k
    .selectFrom('rounds')
    .select((eb) => eb.fn.min<number | null>('settled_at').as('t'))
    .executeTakeFirst();
  if (first?.t == null) return [];
  const out: string[] = [];
  const current = monthOf(now);
  for (let m = monthOf(Number(first.t)); m < current; m = monthOf(monthRange(m)[1])) out.push(m);
  return out;
}

/** Publishes every closed month not yet published (each in its own commit); answers the months it published. */
export async function publishDueMonths(ledger: Ledger): Promise<string[]> {
  const k = ledger.db.kysely;
  const months = await closedMonths(k, ledger.clock.now());
  if (months.length === 0) return [];
  const published = new Set(
    (await k.selectFrom('gdao_distributions').select('month').where('month', 'in', months).execute()).map((r) => r.month),
  );
  const out: string[] = [];
  for (const m of months.filter((x) => !published.has(x))) if (await ledger.run((tx) => publishMonthIn(tx, m))) out.push(m);
  return out;
}
