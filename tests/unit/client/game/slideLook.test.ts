/** What home slides draw: frames from the eidols, items and home sheets, and the eidol size law. */
import { describe, expect, it } from 'vitest';
import { EIDOL_BASE_HEIGHT, eidolHeight, MAX_HEIGHT, slideLook } from '../../../../src/client/game/home/slideLook';
import { eidolSizeScale } from '../../../../src/shared/rules/eidolSize';
import { allFrameNames } from '../../../../src/client/engine/frameNames';
import { makeEidol, makeItem } from '../gameFixtures';

describe('slideLook', () => {
  it('scales eidols by √((value − 1)/16 + 1)', () => {
    expect(eidolSizeScale(1)).toBe(1);
    expect(eidolSizeScale(17)).toBeCloseTo(Math.SQRT2);
    expect(eidolSizeScale(49)).toBeCloseTo(2);
    expect(eidolSizeScale(0)).toBe(1);
    expect(eidolHeight(49)).toBeCloseTo(EIDOL_BASE_HEIGHT * 2);
    expect(eidolHeight(1e9)).toBe(MAX_HEIGHT);
  });

  it('picks the egg of the tier, the jar by experience, the hatched skin, and the loss sprite at 0', () => {
    const look = (patch: Parameters<typeof makeEidol>[0]) => slideLook({ kind: 'eidol', key: 'e', eidol: makeEidol(patch) }).frame;
    expect(look({ type: 'egg', rarity: 'common' })).toBe('egg1');
    expect(look({ type: 'egg', rarity: 'mythic' })).toBe('egg4');
    expect(look({ type: 'ectoplasm', experience: 10, next_level_experience: 10 })).toBe('eggtoplasm-4');
    expect(look({ type: 'ectoplasm', experience: 0, next_level_experience: 10 })).toBe('eggtoplasm-0');
    expect(look({ id: 7, type: 'ogle', rarity: 'rare', collection: 'basic' })).toBe('eidol-basic-rare-2');
    expect(look({ value: '0.00000000' })).toBe('eidol-loss');
    expect(slideLook({ kind: 'eidol', key: 'e', eidol: makeEidol({ is_locked: true }) }).dimmed).toBe(true);
  });

  it('uses frames the atlases have for every other slide kind', () => {
    const names = new Set(allFrameNames());
    const frames = [
      slideLook({ kind: 'extra', key: 'extra', first: true }).frame,
      slideLook({ kind: 'item', key: 'i', item: makeItem({ type: 'Tome' }) }).frame,
      slideLook({ kind: 'shop', key: 'shop' }).frame,
      slideLook({ kind: 'forum', key: 'forum' }).frame,
      slideLook({ kind: 'ref', key: 'ref' }).frame,
    ];
    expect(frames).toEqual(['egg-empty', 'item-tome', 'slide-shop', 'slide-forum', 'slide-ref']);
    for (const f of frames) expect(names.has(f)).toBe(true);
  });
});
