// @vitest-environment jsdom
/**
 * The home scene with the real atlases (loaded in Node): one node per slide with the frame the slide asks
 * for, eidols sized by their value, the chosen slide centred with its neighbours at the sides, the row
 * following the swiper model frame by frame, and everything released on reset.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Container, type Sprite } from 'pixi.js';
import { loadAtlases, resetAtlases, texture } from '../../../../src/client/engine/atlas';
import { computeLayout, DESIGN_WIDTH } from '../../../../src/client/engine/resize';
import { HomeScene } from '../../../../src/client/game/home/homeScene';
import { bindHomeSwiper, homeSwiper } from '../../../../src/client/game/home/homeStores';
import { SLIDE_SPACING } from '../../../../src/client/game/home/slideLook';
import { $game, $selectedEidolId } from '../../../../src/client/stores/game';
import { setUser } from '../../../../src/client/stores/session';
import { nodeAtlasIo } from '../../art/nodeSheetLoader';
import { makeUser } from '../machines/fixtures';
import { makeEidol, makeGame, makeItem } from '../gameFixtures';

describe('HomeScene', () => {
  let unbind: () => void;
  beforeAll(async () => {
    await loadAtlases({ baseUrl: path.resolve('atlases') + '/', resolution: 'half', ...nodeAtlasIo() });
    setUser(makeUser({ level: 1 }));
    $selectedEidolId.set(null);
    $game.set({
      status: 'ready',
      clockOffsetMs: 0,
      game: makeGame({
        oogles: [makeEidol({ id: 1, value: '17' }), makeEidol({ id: 2, value: '1000', rarity: 'mythic' })],
        items: [makeItem({ id: 11, type: 'Extract', name: 'Extraction Extract' })],
      }),
    });
    unbind = bindHomeSwiper();
  });
  afterAll(() => {
    unbind();
    resetAtlases();
  });

  it('draws every slide from the atlases, sized and placed by the swiper', async () => {
    const scene = new HomeScene();
    await scene.prepare();
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    const view = host.children[0] as Container;
    // glow + eidol 1, eidol 2, the Extract item, shop, forum, ref
    const nodes = view.children.slice(1) as Container[];
    expect(nodes).toHaveLength(6);
    const sprite = (i: number) => nodes[i]!.children[0] as Sprite;
    expect(sprite(0).texture).toBe(texture('eidol-basic-common-2'));
    expect(sprite(1).texture).toBe(texture('eidol-basic-mythic-3'));
    expect(sprite(2).texture).toBe(texture('item-extract'));
    expect(sprite(3).texture).toBe(texture('slide-shop'));

    scene.update(16);
    expect(nodes[0]!.x).toBeCloseTo(DESIGN_WIDTH / 2);
    expect(nodes[1]!.x).toBeCloseTo(DESIGN_WIDTH / 2 + DESIGN_WIDTH * SLIDE_SPACING);
    expect(nodes[0]!.alpha).toBeCloseTo(1);
    expect(nodes[1]!.alpha).toBeLessThan(1);
    expect(nodes[3]!.visible).toBe(false);

    // Centred, the 1000-ANGLS eidol stands taller than the 17-ANGLS one did (both art frames fit the band).
    const drawnHeight = (i: number) => sprite(i).texture.height * nodes[i]!.scale.y;
    const small = drawnHeight(0);
    homeSwiper.goTo(1);
    for (let f = 0; f < 60; f++) scene.update(16);
    expect(homeSwiper.position).toBe(1);
    expect(nodes[1]!.x).toBeCloseTo(DESIGN_WIDTH / 2);
    expect(drawnHeight(1)).toBeGreaterThan(small * 1.5);
    expect($selectedEidolId.get()).toBe(2);

    // A refetch with a lost eidol swaps its sprite for the loss frame, keeping the other nodes.
    const kept = nodes[0];
    $game.set({
      ...$game.get(),
      game: makeGame({ oogles: [makeEidol({ id: 1, value: '17' }), makeEidol({ id: 2, value: '0', rarity: 'mythic' })], items: [] }),
    });
    const after = view.children.slice(1) as Container[];
    expect(after).toHaveLength(5);
    expect(after[0]).toBe(kept);
    expect((after[1]!.children[0] as Sprite).texture).toBe(texture('eidol-loss'));

    scene.hide();
    scene.reset();
    expect(view.children).toHaveLength(0);
    expect(kept!.destroyed).toBe(true);
  });
});
