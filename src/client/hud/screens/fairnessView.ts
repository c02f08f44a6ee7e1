/**
 * The /fairness screen's headless parts: the procedure in plain words, the round list's paging, and the
 * rows the screen shows for a recomputed round (checks ✓/✗, the payouts table). Pure, so unit tests read
 * exactly what the page shows.
 */
import { t } from '../../i18n/t/fairness';
import type { FairnessView } from '../../../shared/api/game';
import { formatUnitsTrimmed } from '../../../shared/money';
import { describeMismatch, type RoundVerification, type VerifyCheckName } from '../../../shared/rules/round/verifyRound';

/** ANGLS decimals (the ledger's scale). */
const ANGLS_SCALE = 8;

/** One settled round of the list. */
export type FairRound = FairnessView['rounds'][number];

/** How anyone can check a round, in plain words, in the order it happens. */
export const FAIRNESS_STEPS: readonly string[] = t.fairness.steps;

/** Labels of the checks, as the page lists them. */
export const CHECK_LABELS: Record<VerifyCheckName, string> = t.fairness.checks;

/** One check line: its label, the verdict, and what differs. */
export interface CheckRow {
  name: VerifyCheckName;
  label: string;
  ok: boolean;
  mark: '✓' | '✗';
  details: string[];
}

/** The check lines of a recomputed round. */
export function checkRows(v: RoundVerification): CheckRow[] {
  return v.checks.map((c) => ({
    name: c.name,
    label: CHECK_LABELS[c.name],
    ok: c.ok,
    mark: c.ok ? '✓' : '✗',
    details: c.mismatches.map(describeMismatch),
  }));
}

/** One line of the payouts table (money in ANGLS, as published; `expected` shows the recomputation where it differs). */
export interface PayoutRow {
  eidolId: number;
  risk: string;
  /** '↑' won, '↓' lost, '–' took no part. */
  zone: string;
  stake: string;
  payout: string;
  mined: string;
  valueAfter: string;
  ok: boolean;
  mark: '✓' | '✗';
  /** "payout 12.5 (published 12.6)" for each differing field; empty when the row holds. */
  differences: string[];
}

/** A published integer of ANGLS units as ANGLS ("12.5"); shown raw when it is not an integer. */
export function anglsText(units: string): string {
  return /^-?\d+$/.test(units) ? formatUnitsTrimmed(BigInt(units), ANGLS_SCALE) : units;
}

const zoneText = (zone: 'bot' | 'top' | null): string => (zone === 'bot' ? '↑' : zone === 'top' ? '↓' : '–');

/** The payouts table of a recomputed round, one row per entry in eidol order. */
export function payoutRows(v: RoundVerification): PayoutRow[] {
  return v.entries.map((e) => {
    const differences: string[] = [];
    if (e.expected === null) differences.push(t.fairness.notRecomputed);
    else {
      for (const field of ['zone', 'stake', 'payout', 'mined', 'value_after'] as const) {
        const want = e.expected[field],
          got = e.published[field];
        if (want === got) continue;
        const show = field === 'zone' ? (z: typeof want) => zoneText(z as 'bot' | 'top' | null) : (x: typeof want) => anglsText(String(x));
        differences.push(t.fairness.difference(field.replace('_', ' '), show(want), show(got)));
      }
    }
    return {
      eidolId: e.eidolId,
      risk: e.risk,
      zone: zoneText(e.published.zone),
      stake: anglsText(e.published.stake),
      payout: anglsText(e.published.payout),
      mined: anglsText(e.published.mined),
      valueAfter: anglsText(e.published.value_after),
      ok: e.ok,
      mark: e.ok ? '✓' : '✗',
      differences,
    };
  });
}

/** The round list after loading one more (older) page: appended, any round already listed kept once. */
export function appendRounds(listed: readonly FairRound[], page: readonly FairRound[]): FairRound[] {
  const seen = new Set(listed.map((r) => r.id));
  return [...listed, ...page.filter((r) => !seen.has(r.id))];
}

/** T for a list line: the published decimal cut to 6 places (the exact value is recomputed on demand). */
export function shortThreshold(threshold: string): string {
  const m = /^(\d+)(?:\.(\d{1,6}))?/.exec(threshold);
  return m ? (m[2] ? `${m[1]}.${m[2]}` : m[1]!) : threshold;
}
