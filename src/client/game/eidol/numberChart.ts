/** The number chart (FACTS.md): the hourly average of `/api/telemetry/num` (each round's threshold T) × 100. */
import { localHourStart } from './eidolCandles';
import { parseUtc } from './riskAngle';

/** One hour of the number chart. */
export interface NumberPoint {
  /** Epoch ms where the local hour starts. */
  hour: number;
  /** Average T × 100 over the hour's rounds. */
  value: number;
}

/** Hourly averages (oldest first) of samples `{amount, created_at}` (any order), within the last `hours` hours. */
export function numberSeries(
  samples: readonly { amount: string | number; created_at: string }[],
  hours: number,
  nowMs: number,
  hourStart: (ms: number) => number = localHourStart,
): NumberPoint[] {
  const from = hourStart(nowMs) - (hours - 1) * 3_600_000;
  const acc = new Map<number, { sum: number; n: number }>();
  for (const s of samples) {
    const at = parseUtc(s.created_at);
    const t = Number(s.amount);
    if (!Number.isFinite(at) || !Number.isFinite(t) || at < from) continue;
    const hour = hourStart(at);
    const a = acc.get(hour) ?? { sum: 0, n: 0 };
    a.sum += t;
    a.n++;
    acc.set(hour, a);
  }
  return [...acc.entries()].sort((a, b) => a[0] - b[0]).map(([hour, a]) => ({ hour, value: (a.sum / a.n) * 100 }));
}
