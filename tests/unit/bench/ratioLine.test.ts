import { describe, expect, it } from 'vitest';
import { parseRatioLines, ratioLine } from '../../bench/ratioLine';

describe('bench ratio lines', () => {
  it('prints figure ÷ floor with both beside it, and reads them back', () => {
    const line = ratioLine('settle.sqlite.1e6.ratio', 53.6, 24.7, 's');
    expect(line).toBe('BENCH settle.sqlite.1e6.ratio 2.170 x | figure 53.6 s | floor 24.7 s');
    expect(parseRatioLines(`BENCH settle.book 53600 ms\n${line}\n`)).toEqual([
      { name: 'settle.sqlite.1e6.ratio', figure: '53.6 s', floor: '24.7 s', ratio: '2.170×' },
    ]);
  });

  it('prints n/a where the floor measured nothing', () => {
    expect(ratioLine('fanout.ws.server_rss_per_socket_ratio_to_baseline', 0.384, 0, 'KB')).toBe(
      'BENCH fanout.ws.server_rss_per_socket_ratio_to_baseline n/a x | figure 0.384 KB | floor 0.000 KB',
    );
  });

  it("reads a browser bench's line: the first part is the figure, the baseline part the floor", () => {
    const out = [
      'BENCH idle setup chromium Pixel 7 profile',
      'BENCH idle home / busy=0.22 % frames=0 | baseline splash-only busy=0.10 % | ratio 2.19× | splash+1Hz-text busy=0.21 % ratio 1.01×',
      'BENCH idle home goal busy ≤ 2× the splash: NOT met (0.02 points over)',
    ].join('\n');
    expect(parseRatioLines(out)).toEqual([
      { name: '', figure: 'idle home / busy=0.22 % frames=0', floor: 'splash-only busy=0.10 %', ratio: '2.19×' },
    ]);
  });

  it('ignores lines that carry no ratio, and output that is not a bench line', () => {
    expect(parseRatioLines('BENCH walk.server_cpu_per_walk 226 µs\nratio 2 x\n  BENCH x.ratio 1 x')).toEqual([]);
  });
});
