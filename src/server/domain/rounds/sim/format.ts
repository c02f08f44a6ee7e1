/** The simulator's printed report: plain text tables, money as exact ANGLS decimals. */
import { ANGLS_UNIT } from '../../../../shared/rules/round/economyConfig';
import { ratioDecimal } from './gini';
import type { SimReport } from './simulate';

/** ANGLS units as whole ANGLS with 2 decimals (truncated): the tables' money column. */
export function angls(units: bigint): string {
  return ratioDecimal(units, ANGLS_UNIT, 2);
}

const pad = (s: string, n: number) => s.padStart(n);

/** The report as the CLI prints it: parameters, per-strategy income, the pool over time, Gini. */
export function formatReport(r: SimReport): string {
  const lines: string[] = [];
  lines.push(`seed ${r.seed}`);
  lines.push(`rounds ${r.rounds}, eidols ${r.eidols}, incense slots ${r.incense}, start ${angls(r.startValue)} ANGLS/eidol, pool ${angls(r.poolStart)} ANGLS`);
  const c = r.config;
  // Four places: emission rates are fractions of a per cent.
  const pct = (ppm: bigint) => ratioDecimal(ppm, 10_000n, 4);
  lines.push(`fee ${pct(c.feePpm)} %, c ${pct(c.poolClaimReservePpm)} %, emission ${pct(c.emissionRatePpm)} %/round capped at ${angls(c.emissionCapUnits)} ANGLS (× 2^incense)`);
  if (r.refill) lines.push(`refill: every eidol starts every round at ${angls(r.startValue)} ANGLS (net paid in ${angls(r.refilled)} ANGLS)`);
  lines.push('');
  lines.push(`${'strategy'.padEnd(18)}${pad('eidols', 7)}${pad('plays', 9)}${pad('win %', 8)}${pad('income/S', 11)}${pad('won/S', 10)}${pad('mined/S', 10)}${pad('cut/S', 10)}${pad('Σ S', 16)}${pad('start', 13)}${pad('end', 16)}`);
  for (const s of r.strategies) {
    const winRate = s.plays > 0 ? ratioDecimal(BigInt(s.wins) * 100n, BigInt(s.plays), 2) : '-';
    const perS = s.staked > 0n ? ratioDecimal(s.income, s.staked, 5) : '-';
    const minedPerS = s.staked > 0n ? ratioDecimal(s.mined, s.staked, 5) : '-';
    // Won = income less emission: the claims against the stakes, where a cap that bites shows.
    const wonPerS = s.staked > 0n ? ratioDecimal(s.income - s.mined, s.staked, 5) : '-';
    // Cut = fair claims the cap withheld: zero for every angle when the pool is deep enough.
    const cutPerS = s.staked > 0n ? ratioDecimal(s.cut, s.staked, 5) : '-';
    lines.push(`${s.name.padEnd(18)}${pad(String(s.eidols), 7)}${pad(String(s.plays), 9)}${pad(winRate, 8)}${pad(perS, 11)}${pad(wonPerS, 10)}${pad(minedPerS, 10)}${pad(cutPerS, 10)}${pad(angls(s.staked), 16)}${pad(angls(s.startWealth), 13)}${pad(angls(s.endWealth), 16)}`);
  }
  lines.push(
    r.refill
      ? 'won/S: claims less stakes; mined/S: emission; cut/S: claims the cap withheld (the only rule that treats angles differently)'
      : 'wealth compounds: income/S of high angles mostly shows ruin (a fair bet of r × V shrinks by (1 − r) per loss); --refill measures the rules; cut/S is what the cap withheld',
  );
  lines.push('');
  lines.push(`${'rounds'.padEnd(14)}${pad('pool min', 16)}${pad('pool max', 16)}${pad('pool end', 16)}`);
  for (const w of r.pool) lines.push(`${`${w.fromRound}-${w.toRound}`.padEnd(14)}${pad(angls(w.min), 16)}${pad(angls(w.max), 16)}${pad(angls(w.end), 16)}`);
  lines.push('');
  lines.push(`capped rounds ${r.cappedRounds}/${r.rounds}; fees ${angls(r.fees)} ANGLS; emitted ${angls(r.emitted)} ANGLS`);
  lines.push(`Gini of final player wealth ${ratioDecimal(r.gini.numerator, r.gini.denominator, 4)}`);
  lines.push(`conservation: Σ values + pool ${angls(r.finalTotal)} ANGLS, checked every round`);
  return lines.join('\n');
}
