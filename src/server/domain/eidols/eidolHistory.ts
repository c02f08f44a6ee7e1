/**
 * An eidol's bets and wins (`GET /api/oogles/{id}/transactions`) and a player's 30-day round statistics
 * (`GET /api/transactions/stats`), read from the settled rounds' entries (FACTS.md "Transactions of an eidol").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EidolTransaction } from '../../../shared/api/game';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { wireTime } from '../users/userTime';

/** Round entries per page of an eidol's history (each gives at most two lines). */
export const HISTORY_ENTRIES_PER_PAGE = 25;

/** The window of `GET /api/transactions/stats`: the last 30 days. */
export const STATS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const angls = (units: bigint) => formatUnits(units, CURRENCY_ASSETS.ANGLS.scale);

/**
 * Page `page` (1-based) of eidol `eidolId`'s lines, newest first. Each settled round it took part in gives a
 * `bet` line (−s, the booked stake) and, when anything came back, one `win` line. FACTS.md knows only
 * `bet` and `win`, so the win line carries the payout (s + claim for a winner) plus the emission share
 * (`mined`, which losers receive too): the lines of a round then add up to the eidol's change of value.
 */
export async function eidolTransactions(k: Kysely<Database>, eidolId: number, page: number): Promise<EidolTransaction[]> {
  const rows = await k
    .selectFrom('round_entries')
    .select(['round_id', 'zone', 'stake', 'payout', 'mined', 'created_at'])
    .where('eidol_id', '=', eidolId)
    .where((eb) => eb.or([eb('stake', '>', 0n), eb('payout', '>', 0n), eb('mined', '>', 0n)]))
    .orderBy('round_id', 'desc')
    .limit(HISTORY_ENTRIES_PER_PAGE)
    .offset((page - 1) * HISTORY_ENTRIES_PER_PAGE)
    .execute();
  const lines: EidolTransaction[] = [];
  for (const r of rows) {
    const at = wireTime(r.created_at)!;
    const back = r.payout + r.mined;
    // Newest first: the win is booked after the bet of the same round.
    if (back > 0n) lines.push({ id: `win:${r.round_id}:${eidolId}`, type: 'win', amount: angls(back), game_id: r.round_id, zone: r.zone, created_at: at });
    if (r.stake > 0n) lines.push({ id: `bet:${r.round_id}:${eidolId}`, type: 'bet', amount: angls(-r.stake), game_id: r.round_id, zone: r.zone, created_at: at });
  }
  return lines;
}

/** A player's statistics in ANGLS units over [from, till]. */
export interface RoundStats {
  bet: bigint;
  won: bigint;
  spent: bigint;
  earned: bigint;
  from: number;
  till: number;
}

/**
 * The player's last 30 days: staked (bet), paid back to winners (won: s + claim), emission (earned) and
 * ANGLS spent on shop eggs (the player's `egg-buy` ledger debits). Summed here as bigints: the sums stay
 * exact on both databases without a money alias per column.
 */
export async function roundStats(k: Kysely<Database>, userId: number, now: number): Promise<RoundStats> {
  const from = now - STATS_WINDOW_MS;
  const entries = await k
    .selectFrom('round_entries')
    .select(['stake', 'payout', 'mined'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<=', now)
    .execute();
  const stats: RoundStats = { bet: 0n, won: 0n, spent: 0n, earned: 0n, from, till: now };
  for (const e of entries) {
    stats.bet += e.stake;
    stats.won += e.payout;
    stats.earned += e.mined;
  }
  const eggDebits = await k
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .select('e.amount')
    .where('a.owner_kind', '=', 'player')
    .where('a.owner_id', '=', userId)
    .where('a.name', '=', 'main')
    .where('a.asset', '=', 'ANGLS')
    .where('t.code', '=', 'egg-buy')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<=', now)
    .execute();
  for (const d of eggDebits) stats.spent -= d.amount;
  return stats;
}

/** The stats as the wire's decimal strings (saldo = won − bet). */
export function statsView(s: RoundStats) {
  return {
    bet: angls(s.bet),
    won: angls(s.won),
    saldo: angls(s.won - s.bet),
    spent: angls(s.spent),
    earned: angls(s.earned),
    period: { from: wireTime(s.from)!, till: wireTime(s.till)! },
  };
}
