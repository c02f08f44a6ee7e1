/**
 * The line a bench prints for each ratio it reports, with figure and floor beside it, and its reader, by which
 * `npm run bench` (`scripts/bench/all.ts`) tabulates all three. The ratio is always figure ÷ floor, both
 * measured in the same run.
 */

const shown = (v: number) => (Number.isFinite(v) ? v.toFixed(Math.abs(v) < 10 ? 3 : Math.abs(v) < 100 ? 1 : 0) : 'n/a');

/** `BENCH <name> <ratio> x | figure <figure> <unit> | floor <floor> <unit>`; the name says "ratio". */
export function ratioLine(name: string, figure: number, floor: number, unit: string): string {
  return `BENCH ${name} ${shown(figure / floor)} x | figure ${shown(figure)} ${unit} | floor ${shown(floor)} ${unit}`;
}

/** Prints figure ÷ floor with both beside it (unit: what both are measured in). */
export function printRatio(name: string, figure: number, floor: number, unit: string): void {
  console.info(ratioLine(name, figure, floor, unit));
}

/** One ratio as a bench printed it: its name (empty for a browser bench's line), figure, floor and ratio. */
export interface RatioRow {
  name: string;
  figure: string;
  floor: string;
  ratio: string;
}

/**
 * The ratios in a bench's output: the lines above, and the browser benches' `BENCH <what and its figures> |
 * baseline … | ratio …`, whose first part is the figure, its baseline part the floor and the part that starts
 * with "ratio" the ratio.
 */
export function parseRatioLines(out: string): RatioRow[] {
  const found: RatioRow[] = [];
  for (const line of out.split('\n')) {
    if (!line.startsWith('BENCH ')) continue;
    const parts = line.split(' | ');
    const part = (head: string) => parts.find((p) => p.startsWith(head))?.slice(head.length) ?? '–';
    const plain = /^BENCH (\S*ratio\S*) (\S+) x$/.exec(parts[0]!);
    if (plain) found.push({ name: plain[1]!, figure: part('figure '), floor: part('floor '), ratio: `${plain[2]!}×` });
    else if (parts.some((p) => p.startsWith('ratio ')))
      found.push({ name: '', figure: parts[0]!.slice(6), floor: part('baseline '), ratio: part('ratio ') });
  }
  return found;
}
