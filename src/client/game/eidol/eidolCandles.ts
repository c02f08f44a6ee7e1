/**
 * The eidol's candlestick series from its history (FACTS.md "Eidol candles"): walk back from the current
 * value through `GET /api/oogles/{id}/transactions` (newest first); each round closes at the value after its
 * lines and sits at its bet's time; rounds group into one candle per local hour over a 24/48/168 h window.
 */
import type { EidolTransaction } from '../../../shared/api/game';
import { parseUtc } from './riskAngle';
import { anglsUnits, unitsToNumber } from './numbers';

/** One round on the value curve. */
export interface RoundPoint {
  gameId: number;
  /** Epoch ms of the round's bet. */
  at: number;
  /** Value before the round's lines (ANGLS units). */
  open: bigint;
  /** Value after them. */
  close: bigint;
}

/** One hour's candle, in ANGLS (floats for drawing). */
export interface Candle {
  /** Epoch ms where the local hour starts. */
  hour: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Close ≥ open: drawn gold; else pink. */
  rising: boolean;
}

/**
 * Walks back from `currentValue` (ANGLS string) through `txs` (newest first) and returns the rounds oldest
 * first. Lines of one round (same game_id) are consecutive; the round's time is its bet's (or its first line's).
 */
export function roundPoints(currentValue: string, txs: readonly EidolTransaction[]): RoundPoint[] {
  const points: RoundPoint[] = [];
  let value = anglsUnits(currentValue);
  let i = 0;
  while (i < txs.length) {
    const gameId = txs[i]!.game_id;
    const close = value;
    let at = NaN;
    for (; i < txs.length && txs[i]!.game_id === gameId; i++) {
      const tx = txs[i]!;
      value -= anglsUnits(tx.amount);
      if (tx.type === 'bet' || !Number.isFinite(at)) at = parseUtc(tx.created_at);
    }
    points.push({ gameId, at, open: value, close });
  }
  return points.reverse();
}

/** Start of the local hour containing `ms` (the device's time zone). */
export function localHourStart(ms: number): number {
  const d = new Date(ms);
  d.setMinutes(0, 0, 0);
  return d.getTime();
}

/**
 * Candles for the last `hours` local hours ending with the hour of `nowMs`, one per hour that had rounds;
 * a candle opens at the value before its first round and closes after its last.
 */
export function hourlyCandles(
  points: readonly RoundPoint[],
  hours: number,
  nowMs: number,
  hourStart: (ms: number) => number = localHourStart,
): Candle[] {
  const from = hourStart(nowMs) - (hours - 1) * 3_600_000;
  const candles: Candle[] = [];
  let cur: Candle | null = null;
  for (const p of points) {
    if (!Number.isFinite(p.at) || p.at < from) continue;
    const hour = hourStart(p.at);
    const open = unitsToNumber(p.open);
    const close = unitsToNumber(p.close);
    if (!cur || cur.hour !== hour) {
      cur = { hour, open, high: Math.max(open, close), low: Math.min(open, close), close, rising: close >= open };
      candles.push(cur);
    } else {
      cur.high = Math.max(cur.high, open, close);
      cur.low = Math.min(cur.low, open, close);
      cur.close = close;
      cur.rising = close >= cur.open;
    }
  }
  return candles;
}

/** Colour of a reference line (top_value, no_loss_value): pink while the value is below it, else gold. */
export function referenceLineColour(value: bigint, line: bigint, gold: number, pink: number): number {
  return value < line ? pink : gold;
}
