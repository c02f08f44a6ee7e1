/**
 * Vitest's file order, with the integration files that run longest started first: with two workers, a long
 * file that starts last runs alone at the end (on a fresh CI machine Vitest has no timings cached and
 * starts the biggest files first, and the crash tests are small files that run for minutes).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files, longest first (per-file durations of `--reporter=json`). */
const LONGEST = [
  /ledger\/crash\.test\.ts$/,
  /chain\/sweep-crash\.test\.ts$/,
  /chain\/withdraw-crash\.test\.ts$/,
  /auth-limits\.test\.ts$/,
  /ledger\/property\.test\.ts$/,
  /shop\/shop-actions\.property\.test\.ts$/,
];

const rank = (spec: TestSpecification): number => {
  const i = LONGEST.findIndex((re) => re.test(spec.moduleId.replaceAll('\\', '/')));
  return i < 0 ? LONGEST.length : i;
};

/** Vitest's order, then the known long files ahead of the rest (a stable sort keeps Vitest's order otherwise). */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
