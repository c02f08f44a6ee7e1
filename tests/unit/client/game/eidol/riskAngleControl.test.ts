/** Ownership of the risk angle: the finger, 4 s of grace, then the server; bids on touch end only when allowed. */
import { describe, expect, it } from 'vitest';
import { OWN_ANGLE_MS, RiskAngleControl, type RiskControlContext } from '../../../../../src/client/game/eidol/riskAngleControl';

const open: RiskControlContext = { eidolId: 7, p: 0, multiplier: 1.5, locked: false, userLevel: 0 };

function setup() {
  let now = 1_000_000;
  const joins: Array<{ risk: string; oogle_id: number }> = [];
  const control = new RiskAngleControl({ now: () => now, bid: (body) => joins.push(body) });
  control.setContext(open);
  return { control, joins, advance: (ms: number) => (now += ms) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('RiskAngleControl', () => {
  it('shows the server angle when nobody touches', () => {
    const { control } = setup();
    expect(control.theta).toBe(45);
  });

  it('maps the drag to the angle: the full height of the control is 90°, and the bid goes out on touch end', async () => {
    const { control, joins, advance } = setup();
    control.touchStart(1, 500, 300);
    control.touchMove(1, 350); // half the height up: +45°
    expect(control.theta).toBeCloseTo(90, 9);
    control.touchMove(1, 450); // a sixth up from the start: +15°
    expect(control.theta).toBeCloseTo(60, 9);
    control.update(1000); // held still: the angle stands
    expect(control.theta).toBeCloseTo(60, 9);
    control.touchMove(1, 650); // half the height down from the start: −45°
    expect(control.theta).toBe(0);
    control.touchMove(1, 400); // a third up: +30°
    expect(control.theta).toBeCloseTo(75, 9);
    advance(100);
    control.touchEnd(1);
    await flush();
    expect(joins).toEqual([{ risk: '0.83', oogle_id: 7 }]);
  });

  it('covers 0–90° in one drag across the control and clamps beyond it (a 150 px drag on a 300 px control is 45°)', () => {
    const { control } = setup();
    control.setContext({ ...open, multiplier: 1 });
    expect(control.theta).toBe(0);
    control.touchStart(1, 300, 300);
    control.touchMove(1, 150);
    expect(control.theta).toBeCloseTo(45, 9);
    control.touchMove(1, 0);
    expect(control.theta).toBe(90);
    control.touchMove(1, -200);
    expect(control.theta).toBe(90);
  });

  it('keeps the player angle for 4 s after the last touch, then follows the server', () => {
    const { control, advance } = setup();
    control.touchStart(1, 500, 600);
    control.touchMove(1, 0);
    for (let i = 0; i < 30; i++) control.update(1000 / 60);
    control.touchEnd(1);
    const mine = control.theta;
    expect(mine).toBeGreaterThan(60);
    control.setContext({ ...open, multiplier: 1.1 });
    advance(OWN_ANGLE_MS - 1);
    control.update(16);
    expect(control.theta).toBe(mine);
    advance(1);
    control.update(16);
    expect(control.theta).toBeCloseTo(9, 9);
  });

  it('counts only the finger that started; a second finger is ignored', () => {
    const { control, joins } = setup();
    control.touchStart(1, 500, 300);
    control.touchStart(2, 100, 300);
    control.touchMove(2, 0);
    control.update(16);
    expect(control.theta).toBe(45);
    control.touchEnd(2);
    expect(control.touching).toBe(true);
    expect(joins).toEqual([]);
  });

  it('ignores the bid while the round is locked and at level −1', async () => {
    for (const ctx of [
      { ...open, locked: true },
      { ...open, userLevel: -1 },
    ]) {
      const { control, joins } = setup();
      control.setContext(ctx);
      control.touchStart(1, 500, 300);
      control.touchMove(1, 0);
      control.update(16);
      control.touchEnd(1);
      control.setAngle(80);
      control.commit();
      await flush();
      expect(joins).toEqual([]);
      expect(control.theta).toBe(45);
    }
  });

  it('does not send a bid that became locked during the touch', async () => {
    const { control, joins } = setup();
    control.touchStart(1, 500, 300);
    control.setContext({ ...open, locked: true });
    control.touchEnd(1);
    await flush();
    expect(joins).toEqual([]);
  });

  it('keeps the player’s angle after handing over a bid (the join machine answers it)', () => {
    const { control, joins } = setup();
    control.setAngle(30);
    control.commit();
    expect(joins).toEqual([{ risk: '0.33', oogle_id: 7 }]);
    expect(control.theta).toBe(30);
  });

  it('quantises the bid to the eidol precision (+1 apple) and caps it below 1', async () => {
    const { control, joins } = setup();
    control.setContext({ ...open, p: 3 });
    control.setAngle(90);
    control.commit();
    control.setAngle(30);
    control.commit();
    await flush();
    expect(joins.map((j) => j.risk)).toEqual(['0.99999', '0.33333']);
  });

  it('bumps its version only when the angle changes', () => {
    const { control } = setup();
    const v = control.version;
    control.update(16);
    control.update(16);
    expect(control.version).toBe(v);
    control.setAngle(10);
    expect(control.version).toBe(v + 1);
  });
});
