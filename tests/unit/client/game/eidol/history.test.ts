/** Candles, last-10 and the number chart built from history, and the round pop-up diff. */
import { describe, expect, it } from 'vitest';
import type { EidolTransaction, EidolView } from '../../../../../src/shared/api/game';
import { hourlyCandles, referenceLineColour, roundPoints } from '../../../../../src/client/game/eidol/eidolCandles';
import { lastResults } from '../../../../../src/client/game/eidol/lastResults';
import { numberSeries } from '../../../../../src/client/game/eidol/numberChart';
import { roundPopups, xpGained } from '../../../../../src/client/game/eidol/roundPopups';
import { formatAngls } from '../../../../../src/client/game/eidol/numbers';

/** UTC hours, so the test does not depend on the machine's time zone. */
const utcHour = (ms: number) => Math.floor(ms / 3_600_000) * 3_600_000;
const at = (hhmm: string) => `2026-03-02 ${hhmm}:00`;
const ms = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);

let seq = 0;
const tx = (game_id: number, type: EidolTransaction['type'], amount: string, created: string): EidolTransaction => ({
  id: String(++seq),
  type,
  amount,
  game_id,
  zone: type === 'win' ? 'top' : 'bot',
  created_at: at(created),
});

// Newest first, as the server answers: round 4 won, round 3 lost, round 2 won, round 1 lost.
const history: EidolTransaction[] = [
  tx(4, 'win', '30', '12:20'),
  tx(4, 'bet', '-10', '12:10'),
  tx(3, 'bet', '-5', '11:50'),
  tx(2, 'win', '0.5', '11:10'),
  tx(2, 'bet', '-0.25', '11:00'),
  tx(1, 'bet', '-1', '09:30'),
];

describe('roundPoints', () => {
  it('walks back from the current value; each round sits at its bet time', () => {
    const pts = roundPoints('120', history);
    expect(pts.map((p) => [p.gameId, p.open, p.close, p.at])).toEqual([
      [1, 10575000000n, 10475000000n, ms('09:30')],
      [2, 10475000000n, 10500000000n, ms('11:00')],
      [3, 10500000000n, 10000000000n, ms('11:50')],
      [4, 10000000000n, 12000000000n, ms('12:10')],
    ]);
  });
});

describe('hourlyCandles', () => {
  it('makes one candle per hour with rounds, open before the first and close after the last', () => {
    const c = hourlyCandles(roundPoints('120', history), 24, ms('12:59'), utcHour);
    expect(c).toEqual([
      { hour: ms('09:00'), open: 105.75, high: 105.75, low: 104.75, close: 104.75, rising: false },
      { hour: ms('11:00'), open: 104.75, high: 105, low: 100, close: 100, rising: false },
      { hour: ms('12:00'), open: 100, high: 120, low: 100, close: 120, rising: true },
    ]);
  });
  it('keeps only the window (hours ending with the current one)', () => {
    const c = hourlyCandles(roundPoints('120', history), 2, ms('12:05'), utcHour);
    expect(c.map((x) => x.hour)).toEqual([ms('11:00'), ms('12:00')]);
  });
  it('colours a reference line pink while the value is below it, else gold', () => {
    expect(referenceLineColour(5n, 6n, 1, 2)).toBe(2);
    expect(referenceLineColour(6n, 6n, 1, 2)).toBe(1);
  });
});

describe('lastResults', () => {
  it('sums per game_id, newest first, fading 0.15 per row, at most 10', () => {
    const r = lastResults(history);
    expect(r.map((x) => [x.gameId, x.amount])).toEqual([
      [4, 2000000000n],
      [3, -500000000n],
      [2, 25000000n],
      [1, -100000000n],
    ]);
    expect(r.map((x) => x.alpha)).toEqual([1, 0.85, 0.7, 0.55].map((a) => expect.closeTo(a, 12)));
    const many = Array.from({ length: 15 }, (_, i) => tx(100 - i, 'bet', '-1', '10:00'));
    expect(lastResults(many).map((x) => x.gameId)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect(lastResults(many)[9]!.alpha).toBe(0);
    expect(r.every((x) => x.mined === 0n)).toBe(true);
  });

  it('keeps a round\u2019s mined lines apart from its result, a lost round\u2019s included', () => {
    const withMined = [
      tx(6, 'mined', '0.5', '13:20'),
      tx(6, 'bet', '-4', '13:10'),
      tx(5, 'mined', '0.25', '13:00'),
      tx(5, 'win', '8', '13:00'),
      tx(5, 'bet', '-4', '12:50'),
    ];
    expect(lastResults(withMined).map((x) => [x.gameId, x.amount, x.mined])).toEqual([
      [6, -350000000n, 50000000n],
      [5, 425000000n, 25000000n],
    ]);
    // The candles walk back through mined lines like any other, and a round still sits at its bet.
    expect(roundPoints('100', withMined).map((p) => [p.gameId, p.open, p.close, p.at])).toEqual([
      [5, 9925000000n, 10350000000n, ms('12:50')],
      [6, 10350000000n, 10000000000n, ms('13:10')],
    ]);
  });
});

describe('numberSeries', () => {
  it('averages T × 100 per hour, oldest first', () => {
    const s = numberSeries(
      [
        { amount: '0.5', created_at: at('12:10') },
        { amount: 0.25, created_at: at('12:00') },
        { amount: '0.1', created_at: at('10:00') },
        { amount: 'x', created_at: at('10:30') },
      ],
      48,
      ms('12:30'),
      utcHour,
    );
    expect(s).toEqual([
      { hour: ms('10:00'), value: 10 },
      { hour: ms('12:00'), value: 37.5 },
    ]);
  });
});

const eidol = (over: Partial<EidolView>): EidolView => ({
  id: 1,
  value: '100',
  maxValue: '100',
  top_value: '100',
  no_loss_value: '100',
  multiplier: 1.2,
  risk: '0.20',
  level: 1,
  experience: 5,
  next_level_experience: 24,
  type: 'ogle',
  rarity: 'common',
  collection: 'basic',
  skin: { collection: 'basic', image: '', name: '' },
  data: { greedy: 0, precise: 0, apple: null },
  is_locked: false,
  ...over,
});

describe('roundPopups', () => {
  it('shows a gain in gold with +, a loss in pink with −, and XP', () => {
    const p = roundPopups(
      [eidol({ id: 1 }), eidol({ id: 2 })],
      [eidol({ id: 1, value: '112.5', experience: 6 }), eidol({ id: 2, value: '80', experience: 7 })],
    );
    expect(p).toEqual([
      { eidolId: 1, kind: 'coin', text: '+12.5 ANGLS', tone: 'gain', sound: 'coin' },
      { eidolId: 1, kind: 'xp', text: '+1 XP', tone: 'gain', sound: null },
      { eidolId: 2, kind: 'coin', text: '-20 ANGLS', tone: 'loss', sound: 'loss' },
      { eidolId: 2, kind: 'xp', text: '+2 XP', tone: 'gain', sound: null },
    ]);
  });
  it('counts XP across a level-up as (old next − old xp) + new xp, with the level-up sound', () => {
    expect(xpGained({ level: 1, experience: 23, next_level_experience: 24 }, { level: 2, experience: 1 })).toBe(2);
    const p = roundPopups([eidol({ experience: 23 })], [eidol({ level: 2, experience: 1 })]);
    expect(p).toEqual([{ eidolId: 1, kind: 'xp', text: '+2 XP', tone: 'gain', sound: 'levelup' }]);
  });
  it('says nothing when nothing changed or the eidol is new', () => {
    expect(roundPopups([eidol({})], [eidol({}), eidol({ id: 9, value: '5' })])).toEqual([]);
  });
  it('formats numbers: integers from 1e9, otherwise up to 8 decimals', () => {
    expect(formatAngls(123456789n)).toBe('1.23456789');
    expect(formatAngls(2_000_000_000n * 100_000_000n + 5n)).toBe('2000000000');
    expect(formatAngls(-150_000_000n)).toBe('-1.5');
  });
});
