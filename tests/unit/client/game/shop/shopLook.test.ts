/** What shop items draw: eggs by tier, sized by the eidol size law on their hatch value; items by type; the band placement. */
import { describe, expect, it } from 'vitest';
import { SHOP_EGG_BASE_HEIGHT, placeItem, shopEggHeight, shopEggTier, shopLook } from '../../../../../src/client/game/shop/shopLook';
import { ICON_HEIGHT, MAX_HEIGHT, SLIDE_SPACING } from '../../../../../src/client/game/home/slideLook';
import { allFrameNames } from '../../../../../src/client/engine/frameNames';
import { DESIGN_WIDTH } from '../../../../../src/client/engine/resize';
import { eidolSizeScale } from '../../../../../src/shared/rules/eidolSize';
import { shopItem } from '../../shopFixtures';

describe('shopLook', () => {
  it('sizes eggs by √((value − 1)/16 + 1) on the hatch value; the largest tier fills the band', () => {
    expect(shopEggHeight(1)).toBeCloseTo(SHOP_EGG_BASE_HEIGHT);
    expect(shopEggHeight(1000)).toBeCloseTo(MAX_HEIGHT);
    expect(shopEggHeight(400) / shopEggHeight(100)).toBeCloseTo(eidolSizeScale(400) / eidolSizeScale(100));
    expect(shopEggHeight(1e9)).toBe(MAX_HEIGHT);
    // An unknown hatch value draws as tier 1.
    expect(shopEggHeight(0)).toBeCloseTo(shopEggHeight(100));
  });

  it('picks the egg of the tier by data.type, else hatch value, else rarity', () => {
    expect(shopEggTier(shopItem({ data: { type: 'egg3' } }))).toBe('egg3');
    expect(shopEggTier(shopItem({ data: { value: '400' } }))).toBe('egg2');
    expect(shopEggTier(shopItem({ data: { rarity: 'mythic' } }))).toBe('egg4');
    expect(shopEggTier(shopItem())).toBe('egg1');
    expect(shopLook(shopItem({ data: { type: 'egg2', value: '400' } }))).toEqual({ frame: 'egg2', height: shopEggHeight(400) });
  });

  it('draws items by their type (or inventory name) with frames the atlas has', () => {
    const frames = new Set(allFrameNames());
    const cookie = shopLook(shopItem({ type: 'item', name: 'Golden Cookie', data: { type: 'Coincookie' } }));
    expect(cookie).toEqual({ frame: 'item-coincookie', height: ICON_HEIGHT });
    expect(shopLook(shopItem({ type: 'gdao', name: 'Tome', data: { item_id: 14 } })).frame).toBe('item-tome');
    for (const look of [cookie, shopLook(shopItem({ data: { type: 'egg4' } }))]) expect(frames.has(look.frame)).toBe(true);
  });
});

describe('placeItem', () => {
  const band = { cx: DESIGN_WIDTH / 2, top: 100, h: 500 };
  const art = { width: 200, height: 300 };
  it('centres the chosen item at its height in the band; neighbours sit a slide apart, smaller and fainter', () => {
    const look = { frame: 'egg1', height: 0.6 };
    const centre = placeItem(look, art, 0, band);
    expect(centre).toMatchObject({ visible: true, x: DESIGN_WIDTH / 2, alpha: 1 });
    expect(art.height * centre.scale).toBeCloseTo(500 * 0.6);
    const next = placeItem(look, art, 1, band);
    expect(next.x).toBeCloseTo(DESIGN_WIDTH / 2 + DESIGN_WIDTH * SLIDE_SPACING);
    expect(next.scale).toBeLessThan(centre.scale);
    expect(next.alpha).toBeLessThan(1);
    expect(placeItem(look, art, 2, band).visible).toBe(false);
  });
});
