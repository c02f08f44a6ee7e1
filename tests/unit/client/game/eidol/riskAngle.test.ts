/** The risk-angle formulas of FACTS.md: swipe law, quantisation, drawing figures, colour, eidol size. */
import { describe, expect, it } from 'vitest';
import {
  advanceAngle,
  angleFromMultiplier,
  appleActive,
  arcAngles,
  clampAngle,
  eidolScale,
  eyeDotFactor,
  precisionLevel,
  rayLengthFactor,
  riskColour,
  riskDigits,
  riskPercentText,
  riskText,
  riskUnits,
  swipeStep,
  visualAngle,
} from '../../../../../src/client/game/eidol/riskAngle';

describe('swipe law', () => {
  it('follows Δθ = (dy/200 · 100^p) × |3.7^(|dy/200^p|/2000) − 1|', () => {
    expect(swipeStep(200, 0)).toBeCloseTo(Math.pow(3.7, 0.1) - 1, 12);
    expect(swipeStep(1000, 0)).toBeCloseTo(5 * (Math.pow(3.7, 0.5) - 1), 12);
    expect(swipeStep(200, 1)).toBeCloseTo(100 * (Math.pow(3.7, 1 / 2000) - 1), 12);
    expect(swipeStep(0, 0)).toBe(0);
  });
  it('is odd in dy: swiping down lowers the angle', () => {
    expect(swipeStep(-300, 0)).toBeCloseTo(-swipeStep(300, 0), 12);
  });
  it('roughly halves its sensitivity per precision level', () => {
    for (const dy of [50, 200, 600]) {
      expect(swipeStep(dy, 1) / swipeStep(dy, 0)).toBeGreaterThan(0.4);
      expect(swipeStep(dy, 1) / swipeStep(dy, 0)).toBeLessThan(0.55);
      expect(swipeStep(dy, 2) / swipeStep(dy, 1)).toBeCloseTo(0.5, 1);
    }
  });
  it('accelerates with distance (a held swipe grows faster the farther the finger is)', () => {
    expect(swipeStep(400, 0) / 400).toBeGreaterThan(swipeStep(200, 0) / 200);
  });
  it('scales by frame time and clamps to [0, 90]', () => {
    expect(advanceAngle(10, 200, 0, 1000 / 60)).toBeCloseTo(10 + swipeStep(200, 0), 12);
    expect(advanceAngle(10, 200, 0, 2000 / 60)).toBeCloseTo(10 + 2 * swipeStep(200, 0), 12);
    expect(advanceAngle(89.9, 5000, 0, 16)).toBe(90);
    expect(advanceAngle(0.1, -5000, 0, 16)).toBe(0);
    expect(clampAngle(Number.NaN)).toBe(0);
  });
});

describe('angle ↔ risk', () => {
  it('has precise + 2 decimals, +1 with an apple', () => {
    expect(riskDigits(precisionLevel(0, false))).toBe(2);
    expect(riskDigits(precisionLevel(2, false))).toBe(4);
    expect(riskDigits(precisionLevel(2, true))).toBe(5);
  });
  it('reads an apple as active only while its expiry is in the future', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(appleActive('2026-01-01 12:00:01', now)).toBe(true);
    expect(appleActive('2026-01-01 12:00:00', now)).toBe(false);
    expect(appleActive(null, now)).toBe(false);
    expect(appleActive('garbage', now)).toBe(false);
  });
  it('quantises r = θ/90 and caps it at 1 − 10^−d', () => {
    expect(riskUnits(45, 2)).toBe(50n);
    expect(riskUnits(30, 4)).toBe(3333n);
    expect(riskUnits(90, 2)).toBe(99n);
    expect(riskUnits(90, 5)).toBe(99999n);
    expect(riskUnits(0, 3)).toBe(0n);
    expect(riskText(5n, 4)).toBe('0.0005');
    expect(riskText(99n, 2)).toBe('0.99');
    expect(riskText(0n, 2)).toBe('0.00');
  });
  it('shows r × 100 % with p decimals', () => {
    expect(riskPercentText(50n, 0)).toBe('50');
    expect(riskPercentText(3333n, 2)).toBe('33.33');
    expect(riskPercentText(5n, 1)).toBe('0.5');
    expect(riskPercentText(99999n, 3)).toBe('99.999');
  });
  it('reads the server back as θ = (multiplier − 1) × 90', () => {
    expect(angleFromMultiplier(1.5)).toBe(45);
    expect(angleFromMultiplier(1)).toBe(0);
    expect(angleFromMultiplier(2.5)).toBe(90);
  });
});

describe('drawing', () => {
  it('maps θ to the visual angle L = ln(θ+1)·90/ln 91', () => {
    expect(visualAngle(0)).toBe(0);
    expect(visualAngle(90)).toBeCloseTo(90, 12);
    expect(visualAngle(9)).toBeCloseTo((Math.log(10) * 90) / Math.log(91), 12);
  });
  it('lengthens the rays by 1 + min(sec L − 1, 3)', () => {
    expect(rayLengthFactor(0)).toBe(1);
    expect(rayLengthFactor(60)).toBeCloseTo(2, 12);
    expect(rayLengthFactor(89)).toBe(4);
    expect(rayLengthFactor(90)).toBe(4);
  });
  it('places the corner arcs at ∓(L + 170)°', () => {
    expect(arcAngles(20)).toEqual({ left: -190, right: 190 });
  });
  it('sizes the eye dot by k = min(4(sec θ − 1), 30)', () => {
    expect(eyeDotFactor(0)).toBe(0);
    expect(eyeDotFactor(60)).toBeCloseTo(4, 12);
    expect(eyeDotFactor(90)).toBe(30);
  });
  it('blends black → #E5C44F at 45 → #FF8EE4 at 90', () => {
    expect(riskColour(0)).toBe(0x000000);
    expect(riskColour(45)).toBe(0xe5c44f);
    expect(riskColour(90)).toBe(0xff8ee4);
    expect(riskColour(22.5)).toBe(0x736228);
    const mid = riskColour(67.5);
    expect([(mid >> 16) & 255, (mid >> 8) & 255, mid & 255]).toEqual([242, 169, 154]);
  });
  it('sizes the eidol √((value − 1)/16 + 1)', () => {
    expect(eidolScale(1)).toBe(1);
    expect(eidolScale(17)).toBeCloseTo(Math.SQRT2, 12);
    expect(eidolScale(0)).toBeCloseTo(Math.sqrt(15 / 16), 12);
  });
});
