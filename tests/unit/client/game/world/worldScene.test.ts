// @vitest-environment jsdom
/**
 * The world scene with the real atlases (loaded in Node): the lane scrolls by the own coordinate, others
 * are drawn and culled, a swipe walks the own avatar and writes $ownPosition until it stops, a tap selects
 * a master and a tap on empty ground clears it, moves ease, gone objects are destroyed, the forum size
 * zooms, and reset releases everything; an object gets its node when first drawn; a cull flip marks only its
 * lane segment's render group.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Container, type Sprite } from 'pixi.js';
import { loadAtlases, resetAtlases, texture } from '../../../../../src/client/engine/atlas';
import { computeLayout } from '../../../../../src/client/engine/resize';
import { WorldScene, GROUND_SHARE } from '../../../../../src/client/game/world/worldScene';
import { WorldControl } from '../../../../../src/client/game/world/worldControl';
import { $ownObjectId, $ownPosition, $worldObjects, $worldSelection } from '../../../../../src/client/game/world/worldStores';
import { $game } from '../../../../../src/client/stores/game';
import { setOption } from '../../../../../src/client/stores/options';
import { setUser } from '../../../../../src/client/stores/session';
import { FORUM } from '../../../../../src/shared/rules/world';
import type { WorldObject } from '../../../../../src/shared/api/rooms';
import { nodeAtlasIo } from '../../../art/nodeSheetLoader';
import { makeUser } from '../../machines/fixtures';
import { makeGame, makeItem } from '../../gameFixtures';

const obj = (id: number, patch: Partial<WorldObject> = {}): WorldObject => ({
  id, user_id: 100 + id, type: 'master', name: `P${id}`, coordinate: 15000, flip: false, skin_id: 2, puff: false,
  senator: false, patricius: false, data: { verse: '', votes: [], limit: '' }, ...patch,
});
const setObjects = (ts: number, list: WorldObject[]) => $worldObjects.set({ ts, byId: new Map(list.map((o) => [o.id, o])) });
const noData = { chart: async () => ({ ok: true as const, status: 200, data: [], message: '' }), numbers: async () => ({ ok: true as const, status: 200, data: [], message: '' }) };

describe('WorldScene', () => {
  beforeAll(async () => {
    await loadAtlases({ baseUrl: path.resolve('atlases') + '/', resolution: 'half', ...nodeAtlasIo() });
    setUser(makeUser({ id: 7, investor_skin_id: 3 }));
    $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({ investor_skin_id: 3, items: [makeItem({ type: 'Puff', quantity: 1 })] }) });
  });
  afterAll(() => resetAtlases());

  it('draws, walks, selects, eases and releases', async () => {
    const control = new WorldControl(() => ({ titled: false, puff: true }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    $ownObjectId.set(1);
    setObjects(1, [
      obj(1, { user_id: 7, coordinate: 15000 }),
      obj(2, { coordinate: 15100, senator: true, puff: true }),
      obj(3, { coordinate: 20000 }),
      obj(4, { type: 'scribe', coordinate: 14800, data: { verse: 'Gold is a feeling', votes: [], limit: '2026-11-26 12:00:00' } }),
    ]);
    const host = new Container();
    const layout = computeLayout(412, 915);
    scene.show(host, layout);
    scene.update(16);
    const view = host.children[0] as Container;
    const world = view.children[4] as Container;
    const avatars = world.children[1] as Container;
    expect(world.x).toBe(540 - 15000);
    // Inscriptions, then the masters' lane segments (render groups), then the own avatar on top.
    const [scribes, segments] = avatars.children as Container[];
    const nodes = () => [...scribes!.children, ...segments!.children.flatMap((g) => g.children)];
    // The own object is drawn once (the own avatar), the others once each when first drawn: master 3, off
    // screen at 20000, has no node yet.
    expect(nodes()).toHaveLength(2);
    expect(avatars.children).toHaveLength(3);
    const own = avatars.children[avatars.children.length - 1] as Container;
    expect((own.children[0] as Sprite).texture).toBe(texture('master-3'));
    expect(segments!.children.map((g) => g.isRenderGroup)).toEqual([true]);
    const byX = (x: number) => nodes().find((c) => c.x === x)!;
    expect(byX(15100).visible).toBe(true);
    expect(byX(20000)).toBeUndefined();
    expect(byX(14800).visible).toBe(true);

    // Going to 20000 draws master 3 (its node made then, in a segment of its own, in lane order); coming back
    // hides it and keeps its node.
    $ownPosition.set({ coordinate: 20000, flip: false, moving: false });
    scene.update(16);
    const three = byX(20000);
    expect(three.visible).toBe(true);
    expect(segments!.children.map((g) => g.children[0]!.x)).toEqual([15100, 20000]);
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    scene.update(16);
    expect(three.visible).toBe(false);
    expect(byX(20000)).toBe(three);

    // A swipe to the left walks on; $ownPosition follows every moving frame, then stops.
    control.pointerDown(1, 800, 1200, 0);
    for (let t = 10; t <= 100; t += 10) {
      control.pointerMove(1, 800 - t * 2, 1200, t);
      scene.update(10);
    }
    control.pointerUp(1, 600, 1200, 110);
    expect($ownPosition.get().moving).toBe(true);
    const walking = $ownPosition.get().coordinate;
    expect(walking).toBeGreaterThan(15000);
    for (let f = 0; f < 200; f++) scene.update(16);
    const stopped = $ownPosition.get();
    expect(stopped.moving).toBe(false);
    expect(stopped.coordinate).toBeGreaterThan(walking);
    expect(world.x).toBeCloseTo(540 - control.inertia.coordinate, 6);

    // Put the camera back and tap master 2 (100 to the right of the centre), then empty ground.
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    scene.update(16);
    const ground = layout.designHeight * GROUND_SHARE;
    control.pointerDown(2, 640, ground - 100, 1000);
    control.pointerUp(2, 640, ground - 100, 1050);
    scene.update(16);
    expect($worldSelection.get()).toBe(2);
    control.pointerDown(3, 540 + 400, ground - 100, 2000);
    control.pointerUp(3, 540 + 400, ground - 100, 2050);
    scene.update(16);
    expect($worldSelection.get()).toBeNull();

    // A reported walk eases; a removed object is destroyed.
    const two = byX(15100);
    setObjects(2, [obj(1, { user_id: 7 }), obj(2, { coordinate: 15300, senator: true, puff: true }), obj(4, { type: 'scribe', coordinate: 14800, data: { verse: 'Gold is a feeling', votes: [], limit: '' } })]);
    // Applied in the next frame.
    expect(three.destroyed).toBe(false);
    scene.update(16);
    expect(three.destroyed).toBe(true);
    expect(byX(20000)).toBeUndefined();
    scene.update(100);
    expect(two.x).toBeGreaterThan(15100);
    expect(two.x).toBeLessThan(15300);
    for (let f = 0; f < 100; f++) scene.update(16);
    expect(two.x).toBe(15300);

    setOption('forum_size', 2);
    scene.update(16);
    expect(world.scale.x).toBe(0.5);
    setOption('forum_size', 1);

    scene.hide();
    scene.reset();
    expect(view.children).toHaveLength(0);
    expect(two.destroyed).toBe(true);
  });

  it('a master shown or hidden marks only its lane segment for a new draw list; a long walk moves it to another segment', async () => {
    const control = new WorldControl(() => ({ titled: true, puff: true }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 5000, flip: false, moving: false });
    $ownObjectId.set(1);
    // 17200 is just past the right edge's margin of 16300, in the segment of 16400; 16350 in the segment before;
    // 5000 far away.
    const others = (three: number) => [obj(2, { coordinate: 17200 }), obj(3, { coordinate: three }), obj(4, { coordinate: 5000 }), obj(5, { coordinate: 16400 })];
    setObjects(1, [obj(1, { user_id: 7, coordinate: 5000 }), ...others(16350)]);
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    scene.update(16);
    const world = (host.children[0] as Container).children[4] as Container;
    const segments = (world.children[1] as Container).children[1] as Container;
    const groupOf = (x: number) => segments.children.find((g) => g.children.some((c) => c.x === x));
    expect(segments.children).toHaveLength(1);
    // At 16300 (between the incense and the funding props, so the camera's step below shows or hides no prop):
    // three segments, the far one hidden (none of its masters drawn); 17200 has no node yet.
    $ownPosition.set({ coordinate: 16300, flip: false, moving: false });
    scene.update(16);
    expect(segments.children).toHaveLength(3);
    expect(segments.children.map((g) => g.visible)).toEqual([false, true, true]);
    expect(groupOf(17200)).toBeUndefined();
    const edge = groupOf(16400)!;
    // What a render leaves: every draw list built.
    for (const g of [world, ...segments.children]) g.renderGroup!.structureDidChange = false;

    // One cull step to the right: the master at 17200 comes on screen, drawn in the segment of 16400.
    $ownPosition.set({ coordinate: 16428, flip: false, moving: false });
    scene.update(16);
    expect(groupOf(17200)).toBe(edge);
    expect(edge.renderGroup!.structureDidChange).toBe(true);
    expect(groupOf(16350)!.renderGroup!.structureDidChange).toBe(false);
    expect(groupOf(5000)!.renderGroup!.structureDidChange).toBe(false);
    expect(world.renderGroup!.structureDidChange).toBe(false);

    // Pacing within a segment's slack keeps the segment; a walk to 19000 moves the master to that segment.
    const three = groupOf(16350)!;
    const node3 = three.children[0];
    setObjects(2, [obj(1, { user_id: 7, coordinate: 16428 }), ...others(16600)]);
    scene.update(16);
    expect(three.destroyed).toBe(false);
    expect(three.children).toHaveLength(1);
    setObjects(3, [obj(1, { user_id: 7, coordinate: 16428 }), ...others(19000)]);
    scene.update(16);
    // Its old segment, left empty, is dropped; the new one stands last in lane order.
    expect(three.destroyed).toBe(true);
    expect(segments.children).toHaveLength(3);
    expect(segments.children[2]!.children).toEqual([node3]);
    scene.hide();
    scene.reset();
    expect(segments.children).toHaveLength(0);
  });

  it('keeps a swipe made while the scene was still loading, and drops a glide when it hides', async () => {
    const control = new WorldControl(() => ({ titled: false, puff: false }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    $ownObjectId.set(1);
    setObjects(1, [obj(1, { user_id: 7, coordinate: 15000 })]);
    // The finger swipes left before the scene is shown (its chunk and sheets still loading).
    control.pointerDown(1, 800, 1200, 0);
    for (let t = 10; t <= 100; t += 10) control.pointerMove(1, 800 - t * 2, 1200, t);
    control.pointerUp(1, 600, 1200, 110);
    await scene.prepare();
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    for (let f = 0; f < 200; f++) scene.update(16);
    expect($ownPosition.get().coordinate).toBeGreaterThan(15000);

    // Leaving mid-glide: the next visit starts still.
    control.pointerDown(2, 800, 1200, 1000);
    for (let t = 1010; t <= 1100; t += 10) control.pointerMove(2, 800 - (t - 1000) * 2, 1200, t);
    control.pointerUp(2, 600, 1200, 1110);
    scene.hide();
    expect(control.inertia.velocity).toBe(0);
    scene.reset();
  });
  it('puts the names of masters standing together in lanes under each other, and back under the feet once apart', async () => {
    const control = new WorldControl(() => ({ titled: false, puff: true }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    $ownObjectId.set(1);
    setObjects(1, [obj(1, { user_id: 7, coordinate: 15000 }), obj(2, { coordinate: 15300, name: 'Forum' }), obj(3, { coordinate: 15300, name: 'Ditch' })]);
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    scene.update(16);
    const world = (host.children[0] as Container).children[4] as Container;
    const [, segments] = (world.children[1] as Container).children as Container[];
    const masters = () => segments!.children.flatMap((g) => g.children as Container[]).filter((c) => c.x === 15300);
    // A master's name is its last sprite: the two names hang at different heights.
    const nameYs = () => masters().map((m) => m.children[m.children.length - 1]!.y).sort((a, b) => a - b);
    expect(masters()).toHaveLength(2);
    expect(nameYs()[0]).not.toBe(nameYs()[1]);
    // Apart, both names go back right under the feet.
    setObjects(2, [obj(1, { user_id: 7, coordinate: 15000 }), obj(2, { coordinate: 15300, name: 'Forum' }), obj(3, { coordinate: 14700, name: 'Ditch' })]);
    for (let i = 0; i < 200; i++) scene.update(16);
    const ys = segments!.children.flatMap((g) => g.children as Container[]).filter((c) => c.x === 15300 || c.x === 14700).map((m) => m.children[m.children.length - 1]!.y);
    expect(ys).toHaveLength(2);
    expect(new Set(ys).size).toBe(1);
    scene.hide();
    scene.reset();
  });
});
