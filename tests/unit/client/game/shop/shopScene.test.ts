// @vitest-environment jsdom
/**
 * The shop scene with the real atlases (loaded in Node): one node per item with its egg or item art, eggs
 * sized by their hatch value, the chosen item centred, the row following the swiper, a poll keeping the
 * nodes, and everything released on reset.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Container, type Sprite } from 'pixi.js';
import { loadAtlases, resetAtlases, texture } from '../../../../../src/client/engine/atlas';
import { computeLayout, DESIGN_WIDTH } from '../../../../../src/client/engine/resize';
import { ShopScene } from '../../../../../src/client/game/shop/shopScene';
import { $shopIndex, $shopItems, bindShopSwiper, shopSwiper } from '../../../../../src/client/game/shop/shopStores';
import { SLIDE_SPACING } from '../../../../../src/client/game/home/slideLook';
import { nodeAtlasIo } from '../../../art/nodeSheetLoader';
import { shopItem } from '../../shopFixtures';

const SMALL = shopItem({ id: 1, data: { type: 'egg1', value: '100' } });
const LARGE = shopItem({ id: 2, data: { type: 'egg4', value: '1000' } });
const COOKIE = shopItem({ id: 3, type: 'item', name: 'Golden Cookie', data: { type: 'Coincookie' } });

describe('ShopScene', () => {
  let unbind: () => void;
  beforeAll(async () => {
    await loadAtlases({ baseUrl: path.resolve('atlases') + '/', resolution: 'half', ...nodeAtlasIo() });
    unbind = bindShopSwiper();
    $shopItems.set([SMALL, LARGE, COOKIE]);
  });
  afterAll(() => {
    unbind();
    resetAtlases();
  });

  it('draws every item from the atlases, eggs sized by hatch value, placed by the swiper', async () => {
    const scene = new ShopScene();
    await scene.prepare();
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    const view = host.children[0] as Container;
    const nodes = view.children.slice(1) as Container[];
    expect(nodes).toHaveLength(3);
    const sprite = (i: number) => nodes[i]!.children[0] as Sprite;
    expect(sprite(0).texture).toBe(texture('egg1'));
    expect(sprite(1).texture).toBe(texture('egg4'));
    expect(sprite(2).texture).toBe(texture('item-coincookie'));

    scene.update(16);
    expect(nodes[0]!.x).toBeCloseTo(DESIGN_WIDTH / 2);
    expect(nodes[1]!.x).toBeCloseTo(DESIGN_WIDTH / 2 + DESIGN_WIDTH * SLIDE_SPACING);
    expect(nodes[2]!.visible).toBe(false);

    const drawnHeight = (i: number) => sprite(i).texture.height * nodes[i]!.scale.y;
    const small = drawnHeight(0);
    shopSwiper.goTo(1);
    for (let f = 0; f < 60; f++) scene.update(16);
    expect($shopIndex.get()).toBe(1);
    expect(nodes[1]!.x).toBeCloseTo(DESIGN_WIDTH / 2);
    expect(drawnHeight(1)).toBeGreaterThan(small * 1.5);

    // A poll that drops the first egg keeps the other nodes and the chosen item.
    $shopItems.set([LARGE, COOKIE]);
    const after = view.children.slice(1) as Container[];
    expect(after).toEqual([nodes[1], nodes[2]]);
    expect($shopIndex.get()).toBe(0);
    expect(nodes[0]!.destroyed).toBe(true);

    scene.hide();
    scene.reset();
    expect(view.children).toHaveLength(0);
    expect(nodes[1]!.destroyed).toBe(true);
  });
});
