/** Other avatars ease to their reported coordinate (never slower than a walk, within a second) or snap. */
import { describe, expect, it } from 'vitest';
import { AvatarMotion, CATCH_UP_MS, SNAP_DISTANCE, WALK_SPEED } from '../../../../../src/client/game/world/avatarMotion';

describe('AvatarMotion', () => {
  it('walks a small move at walking speed and arrives exactly', () => {
    const m = new AvatarMotion(1000);
    m.moveTo(1100);
    expect(m.target).toBe(1100);
    expect(m.step(100)).toBe(true);
    expect(m.x).toBeCloseTo(1000 + WALK_SPEED * 100, 9);
    let frames = 0;
    while (m.moving && frames++ < 1000) m.step(16);
    expect(m.x).toBe(1100);
    expect(m.step(16)).toBe(false);
  });

  it('catches up on a long move within about a second, and goes back as well', () => {
    const m = new AvatarMotion(1000);
    m.moveTo(1000 + SNAP_DISTANCE - 1);
    let t = 0;
    while (m.moving && t < 10_000) {
      m.step(16);
      t += 16;
    }
    expect(m.x).toBe(1000 + SNAP_DISTANCE - 1);
    expect(t).toBeLessThanOrEqual(CATCH_UP_MS * 3);
    m.moveTo(900);
    m.step(16);
    expect(m.x).toBeLessThan(1000 + SNAP_DISTANCE - 1);
  });

  it('snaps a jump longer than the snap distance', () => {
    const m = new AvatarMotion(1000);
    m.moveTo(1000 + SNAP_DISTANCE + 1);
    expect(m.x).toBe(1000 + SNAP_DISTANCE + 1);
    expect(m.moving).toBe(false);
  });
});
