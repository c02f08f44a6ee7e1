/**
 * The economy's CI criteria (ECONOMY.md "What must be shown"): in every setting, no fixed angle's income per
 * unit staked (luck-free, simulate.ts `luckFree`) may lie outside the 95 % interval of the other fixed angles
 * pooled, and a lone eidol may not earn more than twice per unit staked what the largest mixed crowd does.
 */
import { ratioInterval } from './interval';
import type { SettingReport } from './settings';

/**
 * Differences smaller than this per unit staked are rounding, not dominance (one unit of a claim or a share
 * on stakes of ~10^9 units; the tables print four decimals).
 */
export const CHECK_TOLERANCE = 0.0001;

/** One broken criterion, said in a line. */
export interface CheckFailure {
  setting: string;
  detail: string;
}

/** Every broken criterion of a run (empty: the economy passes). */
export function checkEconomy(reports: readonly SettingReport[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const rep of reports) {
    for (const [k, others] of rep.othersAdjusted) {
      const own = ratioInterval(rep.strategies[k]!.adjusted);
      const band = ratioInterval(others);
      if (!own || !band) continue;
      if (own.mean < band.low - CHECK_TOLERANCE || own.mean > band.high + CHECK_TOLERANCE) {
        failures.push({
          setting: rep.setting.name,
          detail: `${rep.strategies[k]!.name} earns ${own.mean.toFixed(5)}/S, outside the other fixed angles' [${band.low.toFixed(5)}, ${band.high.toFixed(5)}]`,
        });
      }
    }
  }
  const lone = reports.find((r) => r.setting.crowd === 1);
  const full = [...reports].filter((r) => r.setting.name.startsWith('mixed')).sort((a, b) => b.setting.crowd - a.setting.crowd)[0];
  if (lone && full) {
    const a = perStake(lone),
      b = perStake(full);
    if (a !== undefined && b !== undefined && a > 2 * Math.max(b, 0) + CHECK_TOLERANCE) {
      failures.push({
        setting: lone.setting.name,
        detail: `a lone eidol earns ${a.toFixed(5)}/S per round, more than twice ${full.setting.name}'s ${b.toFixed(5)}/S`,
      });
    }
  }
  return failures;
}

/** Luck-free income per unit staked over every play of a setting. */
export function perStake(rep: SettingReport): number | undefined {
  let income = 0,
    stake = 0;
  for (const s of rep.strategies) {
    income += s.adjusted.income;
    stake += s.adjusted.stake;
  }
  return stake > 0 ? income / stake : undefined;
}
