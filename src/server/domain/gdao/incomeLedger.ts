/**
 * `POST /api/rooms/gdaoledger` → data (spec 2 §3 "Ledger data"): the player's gDAO income from the
 * published monthly distributions and their patrons. gDAO amounts are whole-token decimal strings.
 * - monthly_income: the player's amount in the latest published month;
 * - social_income / patron_income: all published amounts, split per month pro rata to own and patron activity;
 * - burned: gDAO the player burned at the chest;
 * - total_patrons: players this player invited; patron_active: those of them who joined a round this month.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { monthOf, monthRange, roundsJoined } from './monthlyIncome';

/** The income ledger's answer. */
export interface IncomeLedgerView {
  monthly_income: string;
  total_patrons: number;
  social_income: string;
  patron_income: string;
  burned: string;
  patron_active: number;
}

/** The income ledger of `userId` at `now`. */
export async function loadIncomeLedger(k: Kysely<Database>, userId: number, now: number): Promise<IncomeLedgerView> {
  const rows = await k
    .selectFrom('gdao_distribution_rows')
    .select(['month', 'own_activity', 'activity', 'amount'])
    .where('user_id', '=', userId)
    .orderBy('month', 'desc')
    .execute();
  const latest = await k.selectFrom('gdao_distributions').select('month').orderBy('month', 'desc').limit(1).executeTakeFirst();
  let social = 0n;
  let total = 0n;
  for (const r of rows) {
    total += r.amount;
    if (r.activity > 0) social += (r.amount * BigInt(r.own_activity)) / BigInt(r.activity);
  }
  const monthly = latest ? (rows.find((r) => r.month === latest.month)?.amount ?? 0n) : 0n;
  const burned = await k
    .selectFrom('gdao_burns')
    .select((eb) => eb.fn.sum<bigint | null>('amount').as('sum_amount'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const patrons = await k.selectFrom('users').select('id').where('referrer_id', '=', userId).execute();
  const [start, end] = monthRange(monthOf(now));
  const active = await roundsJoined(
    k,
    start,
    end,
    patrons.map((p) => p.id),
  );
  return {
    monthly_income: monthly.toString(),
    total_patrons: patrons.length,
    social_income: social.toString(),
    patron_income: (total - social).toString(),
    burned: (burned?.sum_amount ?? 0n).toString(),
    patron_active: [...active.values()].filter((n) => n > 0).length,
  };
}
