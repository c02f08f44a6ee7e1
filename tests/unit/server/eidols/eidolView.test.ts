/** The shown eidol name: a hatched eidol no longer reads as the egg it came from. */
import { describe, expect, it } from 'vitest';
import { shownSkinName } from '../../../../src/server/domain/eidols/eidolView';

describe('shownSkinName', () => {
  it('names a hatched eidol by its rarity, not its egg', () => {
    expect(shownSkinName({ type: 'ogle', skin_name: 'Common Egg' })).toBe('Common Eidol');
    expect(shownSkinName({ type: 'ogle', skin_name: 'Epic Egg' })).toBe('Epic Eidol');
  });

  it('keeps an egg’s name and any name given after hatching', () => {
    expect(shownSkinName({ type: 'egg', skin_name: 'Common Egg' })).toBe('Common Egg');
    expect(shownSkinName({ type: 'ogle', skin_name: 'Egregori' })).toBe('Egregori');
    expect(shownSkinName({ type: 'ectoplasm', skin_name: 'Eggtoplasm' })).toBe('Eggtoplasm');
  });
});
