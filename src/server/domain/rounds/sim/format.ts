/** The simulator's printed report: Markdown tables (the docs quote them as printed), money as ANGLS decimals. */
import { ANGLS_UNIT, type EconomyConfig } from '../../../../shared/rules/round/economyConfig';
import type { CheckFailure } from './check';
import { perStake } from './check';
import { gini, ratioDecimal } from './gini';
import { ratioInterval, type RatioSums } from './interval';
import type { SettingReport } from './settings';

/** ANGLS units as whole ANGLS with 2 decimals (truncated): the tables' money column. */
export function angls(units: bigint): string {
  return ratioDecimal(units, ANGLS_UNIT, 2);
}

/** ANGLS units as whole ANGLS, no decimals (the pool's row). */
const wholeAngls = (units: bigint) => (units / ANGLS_UNIT).toLocaleString('en-US');

/** A ratio in per cent with four decimals (the constants are fractions of a per cent). */
const pct = (ppm: bigint) => `${ratioDecimal(ppm, 10_000n, 4)} %`;

/** The constants a run used, in one line. */
export function formatConfig(c: EconomyConfig): string {
  return `c ${pct(c.capacityPpm)}, m ${pct(c.eidolCapacityPpm)}, y ${pct(c.emissionPerStakePpm)}/round, emission rate ${pct(c.emissionRatePpm)}/round, cap ${angls(c.emissionCapUnits)} ANGLS (× 2^incense)`;
}

const interval = (s: RatioSums) => {
  const i = ratioInterval(s);
  return i ? `${i.mean.toFixed(4)} [${i.low.toFixed(4)}, ${i.high.toFixed(4)}]` : '-';
};

/** One setting: its strategies' table, the first game's pool over time, the Gini of wealth, the books. */
export function formatSetting(r: SettingReport): string {
  const lines: string[] = [];
  const { setting, size } = r;
  lines.push(`### ${setting.name}`);
  lines.push('');
  lines.push(
    `${size.replicas} game${size.replicas > 1 ? 's' : ''} × ${size.rounds.toLocaleString('en-US')} rounds, ${setting.crowd.toLocaleString('en-US')} eidol${setting.crowd > 1 ? 's' : ''} each; pool at the start ${wholeAngls(r.poolStart)} ANGLS; ${Math.round(r.ms / 1000)} s`,
  );
  lines.push('');
  lines.push(
    '| strategy | eidols | plays | win % | refused | sat out | income/S [95 %] | luck-free income/S [95 %] | mined/S | wealth start → end |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |');
  for (const s of r.strategies) {
    if (s.eidols === 0) continue;
    const winRate = s.plays > 0 ? ratioDecimal(BigInt(s.wins) * 100n, BigInt(s.plays), 1) : '-';
    const mined = s.staked > 0n ? (Number(s.mined) / Number(s.staked)).toFixed(4) : '-';
    lines.push(
      `| ${s.name} | ${s.eidols} | ${s.plays} | ${winRate} | ${s.refused} | ${s.satOut} | ${interval(s.raw)} | ${interval(s.adjusted)} | ${mined} | ${angls(s.startWealth)} → ${angls(s.endWealth)} |`,
    );
  }
  lines.push('');
  lines.push(
    `Pool (first game, ANGLS, at the end of each tenth of the run): ${r.pool.map((w) => wholeAngls(w.end)).join(', ')}; lowest ${wholeAngls(r.pool.reduce((a, w) => (w.min < a ? w.min : a), r.poolStart))}.`,
  );
  const g = gini(r.finalValues);
  const all = perStake(r);
  lines.push(
    `Gini of final eidol wealth ${ratioDecimal(g.numerator, g.denominator, 3)}; luck-free income/S of all plays ${all === undefined ? '-' : all.toFixed(5)}; emitted ${angls(r.emitted)} ANGLS; Σ values + pool ${angls(r.startTotal)} → ${angls(r.finalTotal)} ANGLS${r.refilled !== 0n ? ` (refills ${angls(r.refilled)})` : ''}, audited every round.`,
  );
  return lines.join('\n');
}

/** The whole run: constants, every setting, and the check's verdict. */
export function formatRun(
  config: EconomyConfig,
  seed: string,
  reports: readonly SettingReport[],
  failures: readonly CheckFailure[],
): string {
  const out = [`constants: ${formatConfig(config)}; seed "${seed}"`, ''];
  for (const r of reports) out.push(formatSetting(r), '');
  out.push(
    "income/S: (payouts − stakes + emission) / stakes; luck-free: the same less each play's (1{win} − (1 − r)) × (S + G), which has mean 0, so only what the rules pay or withhold per angle remains;",
    "[95 %]: over rounds (all eidols of a round share its draw); mined/S: emission per unit staked; Gini: inequality of the eidols' final values, 0 = all equal, near 1 = one eidol holds it all.",
    '',
  );
  out.push(
    failures.length === 0
      ? "check: no fixed angle outside the others' interval in any setting; a lone eidol earns at most twice a full crowd per unit staked"
      : `check FAILED:\n${failures.map((f) => `- ${f.setting}: ${f.detail}`).join('\n')}`,
  );
  return out.join('\n');
}
