/**
 * Telemetry as the original clients read it (FACTS.md): the mining pool, open eidols, Σ emission, players,
 * the last emission; and per settled round the pool after it and its threshold T, newest first.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TelemetryView } from '../../../shared/api/game';
import { formatUnits } from '../../../shared/money/format';
import { THRESHOLD_BITS } from '../../../shared/rules/fairness';
import { wireTime } from '../users/userTime';
import { miningPoolBalance } from './roundCapacity';

/** How far back the charts reach. */
export const TELEMETRY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Most samples a chart answers (a fast dev profile settles far more than a week of 11-minute rounds). */
export const TELEMETRY_MAX_SAMPLES = 2000;

const ANGLS_SCALE = 8;

/** One chart sample. */
export interface TelemetrySample {
  amount: string | number;
  created_at: string;
}

/** The telemetry totals. */
export async function loadTelemetry(k: Kysely<Database>): Promise<TelemetryView> {
  const pool = await miningPoolBalance(k);
  const nodes = await k
    .selectFrom('eidols')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('closed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const users = await k
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const mined = await k
    .selectFrom('rounds')
    .select((eb) => eb.fn.sum<bigint | number | string | null>('emission_paid').as('sum_amount'))
    .executeTakeFirstOrThrow();
  const last = await k
    .selectFrom('rounds')
    .select('emission_paid')
    .where('settled_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    total_pool: formatUnits(pool, ANGLS_SCALE),
    totalNodes: Number(nodes.n),
    total_mined: formatUnits(BigInt(mined.sum_amount ?? 0), ANGLS_SCALE),
    total_users: Number(users.n),
    emit: formatUnits(last?.emission_paid ?? 0n, ANGLS_SCALE),
  };
}

function recentSettled(k: Kysely<Database>, now: number) {
  return k
    .selectFrom('rounds')
    .select(['pool_after', 'threshold_units', 'settled_at'])
    .where('settled_at', 'is not', null)
    .where('settled_at', '>=', now - TELEMETRY_WINDOW_MS)
    .orderBy('id', 'desc')
    .limit(TELEMETRY_MAX_SAMPLES)
    .execute();
}

/** The mining pool (ANGLS) after each round of the last week, newest first. */
export async function poolChart(k: Kysely<Database>, now: number): Promise<TelemetrySample[]> {
  const rows = await recentSettled(k, now);
  return rows.map((r) => ({ amount: formatUnits(r.pool_after, ANGLS_SCALE), created_at: wireTime(r.settled_at) ?? '' }));
}

/** Each round's threshold T as a fraction (display only: zones are decided in integers), newest first. */
export async function thresholdChart(k: Kysely<Database>, now: number): Promise<TelemetrySample[]> {
  const rows = await recentSettled(k, now);
  return rows.map((r) => ({ amount: (r.threshold_units ?? 0) / 2 ** THRESHOLD_BITS, created_at: wireTime(r.settled_at) ?? '' }));
}
