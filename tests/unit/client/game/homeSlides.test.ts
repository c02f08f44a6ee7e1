/** Home slides: the spec's order, the extra-egg rule, the first-egg slot, captions and the button per slide kind. */
import { describe, expect, it } from 'vitest';
import { extraEidolAllowed, homeSlides, type HomeSlide } from '../../../../src/client/game/home/homeSlides';
import {
  COMPLETING_TRANSACTION,
  formatEidolValue,
  ITEM_BUTTONS,
  knownItemType,
  MANAGE_EIDOL,
  slideButtons,
  slideCaption,
} from '../../../../src/client/game/home/slideActions';
import { ITEM_TYPES } from '../../../../src/client/engine/frameNames';
import { makeEidol, makeItem } from '../gameFixtures';

const kinds = (slides: HomeSlide[]) => slides.map((s) => s.key);

describe('homeSlides', () => {
  it('orders eidols, the extra slot, items, then shop, forum and ref', () => {
    const slides = homeSlides(3, [makeEidol({ id: 4 }), makeEidol({ id: 2 })], [makeItem({ id: 6 }), makeItem({ id: 12, type: 'Apple' })]);
    expect(kinds(slides)).toEqual(['eidol-4', 'eidol-2', 'extra', 'item-6', 'item-12', 'shop', 'forum', 'ref']);
  });

  it('shows the extra slot only while eidols < level', () => {
    expect(extraEidolAllowed(1, 1)).toBe(false);
    expect(extraEidolAllowed(1, 2)).toBe(true);
    expect(kinds(homeSlides(1, [makeEidol()], []))).toEqual(['eidol-1', 'shop', 'forum', 'ref']);
    expect(kinds(homeSlides(2, [makeEidol()], []))).toEqual(['eidol-1', 'extra', 'shop', 'forum', 'ref']);
    expect(
      kinds(homeSlides(4, [makeEidol({ id: 1 }), makeEidol({ id: 2 }), makeEidol({ id: 3 }), makeEidol({ id: 5 })], [])),
    ).not.toContain('extra');
  });

  it('offers the first egg when the player has no eidols, at any level', () => {
    for (const level of [-1, 0, 2]) {
      const slides = homeSlides(level, [], []);
      expect(slides[0]).toEqual({ kind: 'extra', key: 'extra', first: true });
      expect(slideButtons(slides[0]!).map((b) => [b.label, b.to ?? b.action])).toEqual([
        ['Buy Eidol Egg', '/eggshop'],
        ['Grow Free Egg', 'growFreeEgg'],
      ]);
    }
  });

  it('shows only the fixed slides (and items) before the game loads', () => {
    expect(kinds(homeSlides(2, null, [makeItem()]))).toEqual(['item-6', 'shop', 'forum', 'ref']);
  });

  it('leaves out items the player has none of', () => {
    expect(kinds(homeSlides(0, [makeEidol()], [makeItem({ quantity: 0 })]))).toEqual(['eidol-1', 'shop', 'forum', 'ref']);
  });
});

describe('slide buttons and captions', () => {
  it('eidol: Manage Eidol selecting it, or a disabled Completing transaction... when locked', () => {
    const [manage] = slideButtons({ kind: 'eidol', key: 'eidol-3', eidol: makeEidol({ id: 3 }) });
    expect(manage).toMatchObject({ label: MANAGE_EIDOL, to: '/eidol', selectEidolId: 3 });
    expect(manage!.disabled).toBeFalsy();
    const [locked] = slideButtons({ kind: 'eidol', key: 'eidol-3', eidol: makeEidol({ id: 3, is_locked: true }) });
    expect(locked).toMatchObject({ label: COMPLETING_TRANSACTION, disabled: true });
    expect(locked!.to).toBeUndefined();
  });

  it('extra slot: the egg placeholder leads to the egg shop', () => {
    expect(slideButtons({ kind: 'extra', key: 'extra', first: false })).toEqual([
      { label: 'Buy Eidol Egg', testId: 'slide-action', to: '/eggshop' },
    ]);
  });

  it('shop, forum and ref', () => {
    expect(slideButtons({ kind: 'shop', key: 'shop' })[0]).toMatchObject({ to: '/mageshop' });
    expect(slideButtons({ kind: 'forum', key: 'forum' })[0]).toMatchObject({ label: 'Enter Forum', to: '/forum' });
    expect(slideButtons({ kind: 'ref', key: 'ref' })[0]).toMatchObject({ label: 'Receive gDAO tokens', to: '/coop' });
  });

  it('items follow the spec table, for every item type and in any case', () => {
    const table: Record<string, string> = {
      Indulgence: 'Buy Extra Eidol',
      Cooptoken: 'Spend at the community store',
      Scribe: 'Scribe Verse',
      Tax: 'Claim Title',
      Incense: 'Burn Incense',
      Map: 'Send Caravan',
      Puff: 'Seek Wisdom',
      Extract: 'Extract Eidol',
      Coincookie: 'Feed Eidol',
      Ectojar: 'Enchant Eggtoplasm Jar',
      Tome: 'Enchant Eggtoplasm',
      Apple: 'Feed Eidol',
    };
    expect(Object.keys(ITEM_BUTTONS).sort()).toEqual([...ITEM_TYPES].sort());
    for (const [type, label] of Object.entries(table)) {
      const [button] = slideButtons({ kind: 'item', key: 'i', item: makeItem({ type: type.toUpperCase() }) });
      expect(button?.label).toBe(label);
    }
    for (const type of ['Scribe', 'Tax', 'Incense', 'Map', 'Puff']) expect(ITEM_BUTTONS[knownItemType(type)!].to).toBe('/forum');
    expect(ITEM_BUTTONS.Cooptoken.to).toBe('/gdaoshop');
    expect(slideButtons({ kind: 'item', key: 'i', item: makeItem({ type: 'Mystery' }) })).toEqual([]);
  });

  it('captions name the slide; eidol values drop trailing zeros, integers from 1e9', () => {
    expect(slideCaption({ kind: 'eidol', key: 'e', eidol: makeEidol({ value: '123.45000000' }) })).toBe('Mote · 123.45 ANGLS');
    expect(slideCaption({ kind: 'eidol', key: 'e', eidol: makeEidol({ type: 'egg', value: '100.00000000' }) })).toBe(
      'Eidol Egg · 100 ANGLS',
    );
    expect(slideCaption({ kind: 'item', key: 'i', item: makeItem({ quantity: 3 }) })).toBe('Golden Cookie × 3');
    expect(formatEidolValue('1234567890.12345678')).toBe('1234567890');
    expect(formatEidolValue('0.00000001')).toBe('0.00000001');
    expect(formatEidolValue('0')).toBe('0');
  });
});
