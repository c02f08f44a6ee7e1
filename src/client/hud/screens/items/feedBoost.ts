/** Precision Apple boost hours (spec 2 §9: 24 boost hours per apple, on top of what is left). Pure. */
import { parseUtc } from '../../../../shared/rules/wallet/panel';

/** Boost hours per Precision Apple. */
export const HOURS_PER_APPLE = 24;

/** Whole hours left of the eidol's apple boost at `nowMs` (0 when none runs). */
export function appleHoursLeft(apple: string | null, nowMs: number): number {
  if (!apple) return 0;
  const until = parseUtc(apple);
  return Number.isFinite(until) && until > nowMs ? Math.ceil((until - nowMs) / 3_600_000) : 0;
}

/** The boost hours after feeding `apples` more. */
export function boostHours(hoursLeft: number, apples: number): number {
  return hoursLeft + HOURS_PER_APPLE * Math.max(0, apples);
}
