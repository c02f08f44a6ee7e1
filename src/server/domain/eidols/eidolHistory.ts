/**
 * An eidol's bets, wins and mined emission (`GET /api/oogles/{id}/transactions`) and a player's 30-day round statistics
 * (`GET /api/transactions/stats`), read from the settled rounds' entries (FACTS.md "Transactions of an eidol").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EidolTransaction } from '../../../shared/api/game';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { wireTime } from '../users/userTime';

/** Round entries per page of an eidol's history (each gives at most three lines). */
export const HISTORY_ENTRIES_PER_PAGE = 25;

/** The window of `GET /api/transactions/stats`: the last 30 days. */
export const STATS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const angls = (units: bigint) => formatUnits(units, CURRENCY_ASSETS.ANGLS.scale);

/**
 * Page `page` (1-based) of eidol `eidolId`'s lines, newest first. Each settled round it took part in gives a
 * `bet` line (−s, the booked stake), a `win` line when it won (the payout: s + claim), and a `mined` line
 * for its emission share, which losers receive too: a lost round's emission is not a win. The lines of a
 * round add up to the eidol's change of value, so the original product's client (FACTS.md: its candles
 * close a round at its `bet` and its last-10 list sums a round's lines) still reads the right amounts.
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
    // Newest first: settlement pays the claim, then releases the emission, after the bet of the same round.
    if (r.mined > 0n)
      lines.push({
        id: `mined:${r.round_id}:${eidolId}`,
        type: 'mined',
        amount: angls(r.mined),
        game_id: r.round_id,
        zone: r.zone,
        created_at: at,
      });
    if (r.payout > 0n)
      lines.push({
        id: `win:${r.round_id}:${eidolId}`,
        type: 'win',
        amount: angls(r.payout),
        game_id: r.round_id,
        zone: r.zone,
        created_at: at,
      });
    if (r.stake > 0n)
      lines.push({
        id: `bet:${r.round_id}:${eidolId}`,
        type: 'bet',
        amount: angls(-r.stake),
        game_id: r.round_id,
        zone: r.zone,
        created_at: at,
      });
  }
  return lines;
}

/** A player's statistics in ANGLS units over [from, till]. */
export interface RoundStats {
  bet: bigint;
  /** Paid back to winners (stake + claim); the emission is not in it. */
  won: bigint;
  /** The emission shares received (winners and losers alike). */
  mined: bigint;
  spent: bigint;
  from: number;
  till: number;
}

/**
 * The player's last 30 days: staked (bet), paid back to winners (won: s + claim), emission (mined) and
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
  const stats: RoundStats = { bet: 0n, won: 0n, mined: 0n, spent: 0n, from, till: now };
  for (const e of entries) {
    stats.bet += e.stake;
    stats.won += e.payout;
    stats.mined += e.mined;
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

/**
 * The stats as the wire's decimal strings: saldo = won − bet (the rounds' result, emission apart); `mined`
 * is the emission; `earned` repeats it under the original product's name for its client.
 */
export function statsView(s: RoundStats) {
  return {
    bet: angls(s.bet),
    won: angls(s.won),
    mined: angls(s.mined),
    saldo: angls(s.won - s.bet),
    spent: angls(s.spent),
    earned: angls(s.mined),
    period: { from: wireTime(s.from)!, till: wireTime(s.till)! },
  };
}
