/**
 * Fairness rules checked against an independent implementation (node:crypto, hex slicing, bigint done
 * another way), plus property tests for chain tampering and the zone rule.
 * Reproduce a failure with FAIRNESS_SEED=<printed seed>; FAIRNESS_RUNS scales the run count.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chainFrom,
  compareRiskToThreshold,
  FairnessError,
  isRoundHash,
  nextChainHash,
  roundHashBytes,
  THRESHOLD_DENOMINATOR,
  thresholdDecimal,
  thresholdFraction,
  thresholdFractionString,
  thresholdUnits,
  verifyChain,
  verifyLink,
  winningRiskCutoff,
  zoneFor,
} from '../../../src/shared/rules/fairness';

const seed = Number(process.env.FAIRNESS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FAIRNESS_RUNS ?? 200);
console.info(`[fairness property] seed=${seed} runs=${numRuns} (FAIRNESS_SEED=${seed} reproduces)`);
const params = { seed, numRuns };

/** sha256 of the raw bytes behind a hex hash, by node:crypto. */
const nodeNext = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
/** T's numerator by node:crypto: the HMAC's first 13 hex digits are its first 52 bits. */
const nodeUnits = (hex: string, salt: string) =>
  BigInt(`0x${createHmac('sha256', Buffer.from(salt, 'utf8')).update(Buffer.from(hex, 'hex')).digest('hex').slice(0, 13)}`);

const hashArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const saltArb = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });
const unitsArb = fc.bigInt({ min: 0n, max: THRESHOLD_DENOMINATOR - 1n });

describe('round hashes', () => {
  it('accept exactly 64 lowercase hex digits', () => {
    expect(isRoundHash('0'.repeat(64))).toBe(true);
    expect(isRoundHash('ab'.repeat(32))).toBe(true);
    for (const bad of [
      'AB'.repeat(32),
      '0'.repeat(63),
      '0'.repeat(65),
      `0x${'0'.repeat(64)}`,
      ` ${'0'.repeat(64)}`,
      'g'.repeat(64),
      '',
      42,
      null,
      undefined,
    ]) {
      expect(isRoundHash(bad)).toBe(false);
    }
    expect(() => roundHashBytes('AB'.repeat(32))).toThrow(FairnessError);
  });
});

describe('hash chain', () => {
  it('agrees with node:crypto: each round hash hashes to the previous one, the first to the terminal hash', () => {
    for (const s of ['00'.repeat(32), 'ff'.repeat(32), randomBytes(32).toString('hex')]) {
      const { terminalHash, hashes } = chainFrom(s, 50);
      expect(hashes).toHaveLength(50);
      expect(hashes[49]).toBe(s);
      let expected = s;
      for (let k = 48; k >= 0; k--) {
        expected = nodeNext(expected);
        expect(hashes[k]).toBe(expected);
      }
      expect(terminalHash).toBe(nodeNext(hashes[0]!));
      expect(nextChainHash(hashes[7]!)).toBe(hashes[6]);
      expect(verifyLink(hashes[0], terminalHash)).toBe(true);
      expect(verifyLink(hashes[1], terminalHash)).toBe(false);
      expect(verifyChain([...hashes].reverse(), terminalHash)).toBeNull();
    }
  });

  it('pins a published example (sha256 of the 32 zero bytes)', () => {
    expect(nextChainHash('00'.repeat(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(chainFrom('00'.repeat(32), 1)).toEqual({
      hashes: ['00'.repeat(32)],
      terminalHash: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    });
  });

  it('treats malformed input as a broken link, and refuses a bad anchor or length', () => {
    const { terminalHash, hashes } = chainFrom('11'.repeat(32), 3);
    expect(verifyLink(hashes[0]!.toUpperCase(), terminalHash)).toBe(false);
    expect(verifyLink(hashes[0], terminalHash.toUpperCase())).toBe(false);
    expect(verifyChain([hashes[2], 7, hashes[0]], terminalHash)).toBe(1);
    expect(verifyChain([], terminalHash)).toBeNull();
    expect(() => verifyChain(hashes, 'nope')).toThrow(FairnessError);
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => chainFrom('11'.repeat(32), n)).toThrow(FairnessError);
  });

  it('reports any tampering at the oldest altered index, on a full list or on a page', () => {
    fc.assert(
      fc.property(
        hashArb,
        fc.integer({ min: 1, max: 40 }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.oneof(hashArb, fc.constant('not a hash'), fc.constant(''))), { minLength: 1, maxLength: 4 }),
        (s, length, a, b, edits) => {
          const { terminalHash, hashes } = chainFrom(s, length);
          const newestFirst = [...hashes].reverse();
          // A page: rounds [from, to) newest first, anchored on the round just older than it.
          const to = (a % length) + 1;
          const from = b % to;
          const page = newestFirst.slice(from, to);
          const anchor = to === length ? terminalHash : newestFirst[to]!;
          expect(verifyChain(page, anchor)).toBeNull();
          const tampered = [...page];
          const altered: number[] = [];
          for (const [at, value] of edits) {
            const i = at % page.length;
            if (value === page[i]) continue;
            tampered[i] = value;
            altered.push(i);
          }
          expect(verifyChain(tampered, anchor)).toBe(altered.length ? Math.max(...altered) : null);
        },
      ),
      params,
    );
  });

  it('detects swapped neighbours at the older position', () => {
    const { terminalHash, hashes } = chainFrom('22'.repeat(32), 10);
    const newestFirst = [...hashes].reverse();
    [newestFirst[3], newestFirst[4]] = [newestFirst[4]!, newestFirst[3]!];
    expect(verifyChain(newestFirst, terminalHash)).toBe(4);
  });
});

describe('threshold', () => {
  it('agrees with node:crypto HMAC-SHA256 on the first 52 bits, for any hash and salt', () => {
    fc.assert(
      fc.property(hashArb, saltArb, (hash, salt) => {
        const units = thresholdUnits(hash, salt);
        expect(units).toBe(nodeUnits(hash, salt));
        expect(thresholdFraction(hash, salt)).toBe(Number(units) / 2 ** 52);
      }),
      params,
    );
  });

  it('pins a published example', () => {
    const hash = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
    const salt = 'aeon-fairness-example';
    const units = thresholdUnits(hash, salt);
    expect(units).toBe(nodeUnits(hash, salt));
    expect(units).toBe(PINNED_UNITS);
    expect(thresholdDecimal(units)).toBe(PINNED_DECIMAL);
  });

  it('spells T exactly as a decimal and as a fraction', () => {
    expect(thresholdDecimal(0n)).toBe('0');
    expect(thresholdDecimal(1n << 51n)).toBe('0.5');
    expect(thresholdDecimal(1n)).toBe(`0.${'0'.repeat(15)}2220446049250313080847263336181640625`);
    expect(thresholdDecimal(THRESHOLD_DENOMINATOR - 1n)).toMatch(/^0\.9{15}7/);
    expect(thresholdFractionString(3n)).toBe('3/4503599627370496');
    expect(() => thresholdDecimal(THRESHOLD_DENOMINATOR)).toThrow(FairnessError);
    expect(() => thresholdDecimal(-1n)).toThrow(FairnessError);
    fc.assert(
      fc.property(unitsArb, (units) => {
        const [, frac = ''] = thresholdDecimal(units).split('.');
        expect(frac.length).toBeLessThanOrEqual(52);
        expect(frac.endsWith('0')).toBe(false);
        // Independent: the decimal digits, read back over 10^52, times 2^52 give the numerator.
        expect((BigInt(frac.padEnd(52, '0') || '0') * THRESHOLD_DENOMINATOR) / 10n ** 52n).toBe(units);
        expect(Number(thresholdDecimal(units))).toBe(Number(units) / 2 ** 52);
      }),
      params,
    );
  });

  it('refuses a malformed hash or an empty salt', () => {
    expect(() => thresholdUnits('AB'.repeat(32), 'salt')).toThrow(FairnessError);
    expect(() => thresholdUnits('ab'.repeat(32), '')).toThrow(FairnessError);
  });
});

describe('zones', () => {
  const half = 1n << 51n; // T = 0.5 exactly

  it('r = 0 takes no part; r ≤ T wins (bot); r > T loses (top)', () => {
    for (const zero of ['0', '0.000', { numerator: 0n, denominator: 7n }]) expect(zoneFor(zero, half)).toBeNull();
    expect(zoneFor('0.5', half)).toBe('bot');
    expect(zoneFor('0.50000000000000000000001', half)).toBe('top');
    expect(zoneFor('0.49999999999999999999999', half)).toBe('bot');
    expect(zoneFor({ numerator: 1n, denominator: 2n }, half)).toBe('bot');
    expect(zoneFor({ numerator: (1n << 51n) + 1n, denominator: 1n << 52n }, half)).toBe('top');
    expect(zoneFor('0.00000001', 0n)).toBe('top');
    expect(zoneFor('1', THRESHOLD_DENOMINATOR - 1n)).toBe('top');
    expect(compareRiskToThreshold('0.5', half)).toBe(0);
    expect(compareRiskToThreshold('0.4', half)).toBe(-1);
    expect(compareRiskToThreshold('0.6', half)).toBe(1);
  });

  it('refuses malformed risks rather than guessing', () => {
    for (const bad of ['-0.1', '1e-3', ' 0.1', '0.1 ', '.5', '0.', '', '0,5', '+0.1', '0x1']) {
      expect(() => zoneFor(bad, half), bad).toThrow(FairnessError);
    }
    expect(() => zoneFor({ numerator: 1n, denominator: 0n }, half)).toThrow(FairnessError);
    expect(() => zoneFor({ numerator: -1n, denominator: 2n }, half)).toThrow(FairnessError);
    expect(() => zoneFor('0.1', THRESHOLD_DENOMINATOR)).toThrow(FairnessError);
  });

  /** Independent zone for k/10^s against u/2^52: both written as exact decimals over 10^max(s,52). */
  function decimalZone(k: bigint, s: number, u: bigint): 'bot' | 'top' | null {
    if (k === 0n) return null;
    const scale = Math.max(s, 52);
    const r = k * 10n ** BigInt(scale - s);
    const t = u * 5n ** 52n * 10n ** BigInt(scale - 52);
    return r <= t ? 'bot' : 'top';
  }

  it('matches an independent decimal comparison, with risks right next to T', () => {
    fc.assert(
      fc.property(
        unitsArb,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -2, max: 2 }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.boolean(),
        (u, s, delta, free, near) => {
          const cutoff = winningRiskCutoff(u, s);
          const max = 10n ** BigInt(s);
          // Near T: the largest winning k and its neighbours; otherwise any k in [0, 10^s].
          let k = near ? cutoff + BigInt(delta) : free % (max + 1n);
          if (k < 0n) k = 0n;
          const text = s === 0 ? `${k}` : `${k / max}.${(k % max).toString().padStart(s, '0')}`;
          const expected = decimalZone(k, s, u);
          expect(zoneFor(text, u)).toBe(expected);
          expect(zoneFor({ numerator: k, denominator: max }, u)).toBe(expected);
          if (k > 0n) expect(k <= cutoff ? 'bot' : 'top').toBe(expected);
        },
      ),
      params,
    );
  });

  it('a risk exactly equal to T wins (every T is an exact decimal of at most 52 digits)', () => {
    fc.assert(
      fc.property(
        unitsArb.filter((u) => u > 0n),
        fc.integer({ min: 52, max: 60 }),
        (u, s) => {
          const k = winningRiskCutoff(u, s);
          const max = 10n ** BigInt(s);
          expect(k * THRESHOLD_DENOMINATOR).toBe(u * max);
          expect(compareRiskToThreshold({ numerator: k, denominator: max }, u)).toBe(0);
          expect(zoneFor(thresholdDecimal(u), u)).toBe('bot');
          expect(zoneFor({ numerator: k + 1n, denominator: max }, u)).toBe('top');
        },
      ),
      params,
    );
  });

  it('matches an independent ceiling division for any rational risk', () => {
    fc.assert(
      fc.property(unitsArb, fc.bigInt({ min: 0n, max: 1n << 80n }), fc.bigInt({ min: 1n, max: 1n << 80n }), (u, p, q) => {
        // r ≤ T ⇔ p·2^52 ≤ u·q ⇔ ceil(p·2^52 / q) ≤ u.
        const ceil = (p * THRESHOLD_DENOMINATOR + q - 1n) / q;
        const expected = p === 0n ? null : ceil <= u ? 'bot' : 'top';
        expect(zoneFor({ numerator: p, denominator: q }, u)).toBe(expected);
      }),
      params,
    );
  });
});

/** The published example's T, computed once with node:crypto (see the test that pins it). */
const PINNED_UNITS = 1119491571951500n;
const PINNED_DECIMAL = '0.24857706381087307789812257396988570690155029296875';
