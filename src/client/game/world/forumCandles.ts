/**
 * The Forum's candle chart (FACTS.md "Forum candles"): `/api/telemetry/chart` samples (newest first)
 * grouped per local hour; a candle opens at the hour's first sample and closes at the first sample of the
 * next hour (the latest sample for the running hour); high and low span both.
 */
import type { Candle } from '../eidol/eidolCandles';
import { localHourStart } from '../eidol/eidolCandles';
import { parseUtc } from '../eidol/riskAngle';

const HOUR_MS = 3_600_000;

/** Candles of the last `hours` local hours ending with the hour of `nowMs`, oldest first. */
export function forumCandles(
  samples: readonly { amount: string | number; created_at: string }[],
  hours: number,
  nowMs: number,
  hourStart: (ms: number) => number = localHourStart,
): Candle[] {
  const points = samples
    .map((s) => ({ at: parseUtc(s.created_at), v: Number(s.amount) }))
    .filter((p) => Number.isFinite(p.at) && Number.isFinite(p.v))
    .sort((a, b) => a.at - b.at);
  const groups: { hour: number; values: number[] }[] = [];
  for (const p of points) {
    const hour = hourStart(p.at);
    const last = groups[groups.length - 1];
    if (last && last.hour === hour) last.values.push(p.v);
    else groups.push({ hour, values: [p.v] });
  }
  const from = hourStart(nowMs) - (hours - 1) * HOUR_MS;
  const candles: Candle[] = [];
  groups.forEach((g, i) => {
    if (g.hour < from) return;
    const open = g.values[0]!;
    const close = groups[i + 1]?.values[0] ?? g.values[g.values.length - 1]!;
    const high = Math.max(close, ...g.values);
    const low = Math.min(close, ...g.values);
    candles.push({ hour: g.hour, open, high, low, close, rising: close >= open });
  });
  return candles;
}
