/** The master band's placement, shared by the stage's band scene and the DOM's (register's master carousel). */
import { describe, expect, it } from 'vitest';
import { bandPlacement, MASTER_AREA_HEIGHT, MASTER_AREA_TOP } from '../../../../src/client/game/masterArea';

describe('bandPlacement', () => {
  it('fits one figure to 92 % of the band height on a tall column, centred, its bottom at 96 % of the band', () => {
    const p = bandPlacement([{ w: 180, h: 250 }], 2340, 1080);
    const band = 2340 * MASTER_AREA_HEIGHT;
    expect(p.fit).toBeCloseTo((band * 0.92) / 250);
    expect(p.centres).toEqual([540]);
    expect(p.bottom).toBeCloseTo(2340 * MASTER_AREA_TOP + band * 0.96);
  });

  it('is limited by the slot width on a short, wide column', () => {
    const p = bandPlacement([{ w: 600, h: 100 }], 1920, 1080);
    expect(p.fit).toBeCloseTo((1080 * 0.6 * 0.9) / 600);
  });

  it('gives a row one scale, the smallest any figure needs, and spreads it symmetrically', () => {
    const p = bandPlacement(
      [
        { w: 100, h: 100 },
        { w: 100, h: 300 },
        { w: 100, h: 100 },
      ],
      1920,
      1080,
    );
    expect(p.fit).toBeCloseTo((1920 * MASTER_AREA_HEIGHT * 0.72) / 300);
    expect(p.slot).toBeCloseTo((1080 * 0.84) / 3);
    expect(p.centres[1]).toBeCloseTo(540);
    expect(p.centres[0]! + p.centres[2]!).toBeCloseTo(1080);
  });
});
