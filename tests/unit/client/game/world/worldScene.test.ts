// @vitest-environment jsdom
/**
 * The world scene with the real atlases (loaded in Node): the lane scrolls by the own coordinate, others
 * are drawn and culled, a swipe walks the own avatar and writes $ownPosition until it stops, a tap selects
 * a master and a tap on empty ground clears it, moves ease, gone objects are destroyed, the forum size
 * zooms, and reset releases everything; an object gets its node when first drawn; the others' masters are
 * particles, so walking, culling and flipping them never changes the lane's draw list.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Container, type Particle, type ParticleContainer, type Sprite } from 'pixi.js';
import { loadAtlases, resetAtlases, texture } from '../../../../../src/client/engine/atlas';
import { computeLayout } from '../../../../../src/client/engine/resize';
import { WorldScene, GROUND_SHARE } from '../../../../../src/client/game/world/worldScene';
import { WorldControl } from '../../../../../src/client/game/world/worldControl';
import type { CrowdMaster } from '../../../../../src/client/game/world/crowdMaster';
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
  id,
  user_id: 100 + id,
  type: 'master',
  name: `P${id}`,
  coordinate: 15000,
  flip: false,
  skin_id: 2,
  puff: false,
  senator: false,
  patricius: false,
  data: { verse: '', votes: [], limit: '' },
  ...patch,
});
const setObjects = (ts: number, list: WorldObject[]) => $worldObjects.set({ ts, byId: new Map(list.map((o) => [o.id, o])) });
/** The particles the crowd draws (its pages under the avatar layer's second child). */
const drawnIn = (crowd: Container): Particle[] => (crowd.children as ParticleContainer<Particle>[]).flatMap((c) => c.particleChildren);
const masterOf = (scene: WorldScene, id: number) => scene.nodeOf(id) as CrowdMaster | null;
const noData = {
  chart: async () => ({ ok: true as const, status: 200, data: [], message: '' }),
  numbers: async () => ({ ok: true as const, status: 200, data: [], message: '' }),
};

describe('WorldScene', () => {
  beforeAll(async () => {
    await loadAtlases({ baseUrl: path.resolve('atlases') + '/', resolution: 'half', ...nodeAtlasIo() });
    setUser(makeUser({ id: 7, investor_skin_id: 3 }));
    $game.set({
      status: 'ready',
      clockOffsetMs: 0,
      game: makeGame({ investor_skin_id: 3, items: [makeItem({ type: 'Puff', quantity: 1 })] }),
    });
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
    // Inscriptions, then the crowd's particle pages, then the own avatar on top.
    const [scribes, crowd] = avatars.children as Container[];
    const drawn = () => drawnIn(crowd!);
    // The own object is drawn once (the own avatar), the others once each when first drawn: master 3, off
    // screen at 20000, has no node yet.
    expect(scribes!.children).toHaveLength(1);
    expect(scene.nodeOf(1)).toBeNull();
    expect(scene.nodeOf(3)).toBeNull();
    expect(avatars.children).toHaveLength(3);
    const own = avatars.children[avatars.children.length - 1] as Container;
    expect((own.children[0] as Sprite).texture).toBe(texture('master-3'));
    // Master 2 (a Puff and a senator's badge): skin, pipe, smoke and badge on the masters' atlas page, its
    // name on a label page drawn after every body.
    const two = masterOf(scene, 2)!;
    expect(two.shown).toBe(true);
    expect(drawn()).toHaveLength(5);
    expect(two.skinParticle.texture).toBe(texture('master-2'));
    expect(two.skinParticle.x).toBe(15100);
    const pages = crowd!.children as ParticleContainer<Particle>[];
    expect(pages[pages.length - 1]!.particleChildren).toEqual([two.nameParticle]);
    expect(scribes!.children[0]!.x).toBe(14800);
    expect(scribes!.children[0]!.visible).toBe(true);

    // Going to 20000 draws master 3 (its node made then); coming back stops drawing it and keeps its node.
    $ownPosition.set({ coordinate: 20000, flip: false, moving: false });
    scene.update(16);
    const three = masterOf(scene, 3)!;
    expect(three.shown).toBe(true);
    expect(drawn()).toContain(three.skinParticle);
    expect(three.x).toBe(20000);
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    scene.update(16);
    expect(three.shown).toBe(false);
    expect(drawn()).not.toContain(three.skinParticle);
    expect(masterOf(scene, 3)).toBe(three);

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
    setObjects(2, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15300, senator: true, puff: true }),
      obj(4, { type: 'scribe', coordinate: 14800, data: { verse: 'Gold is a feeling', votes: [], limit: '' } }),
    ]);
    // Applied in the next frame.
    expect(masterOf(scene, 3)).toBe(three);
    scene.update(16);
    expect(masterOf(scene, 3)).toBeNull();
    scene.update(100);
    expect(two.x).toBeGreaterThan(15100);
    expect(two.x).toBeLessThan(15300);
    expect(two.skinParticle.x).toBe(two.x);
    for (let f = 0; f < 100; f++) scene.update(16);
    expect(two.x).toBe(15300);
    expect(two.nameParticle.x).toBe(15300);

    setOption('forum_size', 2);
    scene.update(16);
    expect(world.scale.x).toBe(0.5);
    setOption('forum_size', 1);

    scene.hide();
    scene.reset();
    expect(view.children).toHaveLength(0);
    expect(crowd!.children).toHaveLength(0);
  });

  it("walks, culls and turns the crowd without changing the lane's draw list", async () => {
    const control = new WorldControl(() => ({ titled: true, puff: true }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 16300, flip: false, moving: false });
    $ownObjectId.set(1);
    // At 16300 (between the incense and the funding props, so the camera's step below shows or hides no prop).
    // 17200 is just past the right edge's margin.
    const others = (three: number, flip: boolean) => [
      obj(2, { coordinate: 17200 }),
      obj(3, { coordinate: three, flip }),
      obj(4, { coordinate: 5000 }),
      obj(5, { coordinate: 16400 }),
    ];
    setObjects(1, [obj(1, { user_id: 7, coordinate: 16300 }), ...others(16350, false)]);
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    scene.update(16);
    const world = (host.children[0] as Container).children[4] as Container;
    const crowd = (world.children[1] as Container).children[1] as Container;
    const pages = [...crowd.children];
    expect(scene.nodeOf(2)).toBeNull();
    // What a render leaves: the draw list built.
    world.renderGroup!.structureDidChange = false;

    // One cull step to the right: the master at 17200 comes on screen (its node made and drawn), nobody leaves.
    $ownPosition.set({ coordinate: 16428, flip: false, moving: false });
    scene.update(16);
    expect(masterOf(scene, 2)!.shown).toBe(true);
    expect(drawnIn(crowd)).toContain(masterOf(scene, 2)!.skinParticle);
    // A walk and a turn are writes to particles; their pages stay.
    const three = masterOf(scene, 3)!;
    setObjects(2, [obj(1, { user_id: 7, coordinate: 16428 }), ...others(16600, true)]);
    // A walk arrives within a second.
    for (let f = 0; f < 70; f++) scene.update(16);
    expect(three.x).toBe(16600);
    expect(three.skinParticle.scaleX).toBe(-1);
    // Far away: culled, taken out of its page.
    setObjects(3, [obj(1, { user_id: 7, coordinate: 16428 }), ...others(25000, true)]);
    scene.update(16);
    expect(three.shown).toBe(false);
    expect(drawnIn(crowd)).not.toContain(three.skinParticle);
    expect([...crowd.children]).toEqual(pages);
    expect(world.renderGroup!.structureDidChange).toBe(false);
    scene.hide();
    scene.reset();
    expect(crowd.children).toHaveLength(0);
  });

  it('asks for frames while a walk is under way, off screen too, and none once everyone stands', async () => {
    const before = $game.get();
    // No pipe: its smoke alone would keep the frames coming.
    $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({ investor_skin_id: 3 }) });
    const control = new WorldControl(() => ({ titled: false, puff: false }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    $ownObjectId.set(1);
    setObjects(1, [obj(1, { user_id: 7, coordinate: 15000 }), obj(2, { coordinate: 30000 })]);
    scene.show(new Container(), computeLayout(412, 915));
    for (let f = 0; f < 5; f++) scene.update(16);
    expect(scene.animating()).toBe(false);
    // A walk far off screen: culled, so not stepped each frame, but its scene time must pass.
    setObjects(2, [obj(1, { user_id: 7, coordinate: 15000 }), obj(2, { coordinate: 30500 })]);
    scene.update(16);
    expect(scene.animating()).toBe(true);
    for (let f = 0; f < 70; f++) scene.update(16);
    expect(scene.animating()).toBe(false);
    // The own avatar's glide.
    control.pointerDown(1, 800, 1200, 0);
    for (let t = 10; t <= 100; t += 10) control.pointerMove(1, 800 - t * 2, 1200, t);
    control.pointerUp(1, 600, 1200, 110);
    scene.update(16);
    expect(scene.animating()).toBe(true);
    scene.hide();
    scene.reset();
    $game.set(before);
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
    setObjects(1, [
      obj(1, { user_id: 7, coordinate: 15000 }),
      obj(2, { coordinate: 15300, name: 'Forum' }),
      obj(3, { coordinate: 15300, name: 'Ditch' }),
    ]);
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    scene.update(16);
    const [two, three] = [masterOf(scene, 2)!, masterOf(scene, 3)!];
    // The two names hang at different heights.
    expect([two.x, three.x]).toEqual([15300, 15300]);
    expect(two.nameParticle.y).not.toBe(three.nameParticle.y);
    // Apart, both names go back right under the feet.
    setObjects(2, [
      obj(1, { user_id: 7, coordinate: 15000 }),
      obj(2, { coordinate: 15300, name: 'Forum' }),
      obj(3, { coordinate: 14700, name: 'Ditch' }),
    ]);
    for (let i = 0; i < 200; i++) scene.update(16);
    expect([two.x, three.x]).toEqual([15300, 14700]);
    expect(two.nameParticle.y).toBe(three.nameParticle.y);
    scene.hide();
    scene.reset();
  });
});
