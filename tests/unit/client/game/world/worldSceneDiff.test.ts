// @vitest-environment jsdom
/**
 * The world scene's diff and cull with the real atlases: a restated room keeps every node, a walk moves
 * the same node, a look change rebuilds only its own; an off-screen object gets its node when it first comes
 * on screen, at its current place, facing and smoke frame; culled once it has walked off, its node is kept
 * hidden (its particles out of the crowd's pages) and left alone while it walks.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Container } from 'pixi.js';
import { loadAtlases, resetAtlases } from '../../../../../src/client/engine/atlas';
import { computeLayout } from '../../../../../src/client/engine/resize';
import { SYNC_SLICE, WorldScene } from '../../../../../src/client/game/world/worldScene';
import { WorldControl } from '../../../../../src/client/game/world/worldControl';
import type { CrowdMaster } from '../../../../../src/client/game/world/crowdMaster';
import { $ownObjectId, $ownPosition, $worldObjects } from '../../../../../src/client/game/world/worldStores';
import { CULL_STEP, NODE_HALF_WIDTH } from '../../../../../src/client/game/world/worldCull';
import { $game } from '../../../../../src/client/stores/game';
import { setUser } from '../../../../../src/client/stores/session';
import { FORUM } from '../../../../../src/shared/rules/world';
import type { WorldObject } from '../../../../../src/shared/api/rooms';
import { nodeAtlasIo } from '../../../art/nodeSheetLoader';
import { makeUser } from '../../machines/fixtures';
import { makeGame } from '../../gameFixtures';

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
const noData = {
  chart: async () => ({ ok: true as const, status: 200, data: [], message: '' }),
  numbers: async () => ({ ok: true as const, status: 200, data: [], message: '' }),
};
// Far enough right of the own avatar (15000) to be culled: past the half screen and the node margin.
const OFF = 15000 + 540 + NODE_HALF_WIDTH + CULL_STEP + 400;

describe('WorldScene diff and cull', () => {
  beforeAll(async () => {
    await loadAtlases({ baseUrl: path.resolve('atlases') + '/', resolution: 'half', ...nodeAtlasIo() });
    setUser(makeUser({ id: 7, investor_skin_id: 3 }));
    $game.set({ status: 'ready', clockOffsetMs: 0, game: makeGame({ investor_skin_id: 3 }) });
  });
  afterAll(() => resetAtlases());

  it('touches only what an update changed and leaves culled nodes alone', async () => {
    const control = new WorldControl(() => ({ titled: false, puff: false }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    $ownObjectId.set(1);
    setObjects(1, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15100 }),
      obj(3, { coordinate: OFF, puff: true }),
      obj(4, { coordinate: 14900 }),
    ]);
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    scene.update(16);
    const nodes = () => [2, 3, 4].map((id) => scene.nodeOf(id) as CrowdMaster | null).filter((n) => n !== null);
    const [two, four] = [scene.nodeOf(2) as CrowdMaster, scene.nodeOf(4) as CrowdMaster];
    expect([two.shown, four.shown]).toEqual([true, true]);
    // 3, off screen, has no node until it is first drawn.
    expect(nodes()).toHaveLength(2);

    // A room enter restating everything (new objects, same fields) keeps every node as it is.
    setObjects(2, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15100 }),
      obj(3, { coordinate: OFF, puff: true }),
      obj(4, { coordinate: 14900 }),
    ]);
    scene.update(16);
    expect(nodes()).toHaveLength(2);
    expect(nodes()).toEqual(expect.arrayContaining([two, four]));

    // 2 walks and turns, 3 walks further off screen, 4 gets a title: 2 keeps its node, 4 is rebuilt, 3 still has none.
    setObjects(3, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15300, flip: true }),
      obj(3, { coordinate: OFF + 300, puff: true }),
      obj(4, { coordinate: 14900, senator: true }),
    ]);
    for (let f = 0; f < 100; f++) scene.update(16);
    const after = nodes();
    expect(after).toHaveLength(2);
    expect(after).toContain(two);
    expect(after).not.toContain(four);
    expect(two.x).toBe(15300);
    expect(two.skinParticle.scaleX).toBe(-1);

    // It walks onto the screen facing left: drawn from where it is, facing its way, its pipe smoking.
    setObjects(4, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15300, flip: true }),
      obj(3, { coordinate: 15200, flip: true, puff: true }),
      obj(4, { coordinate: 14900, senator: true }),
    ]);
    scene.update(16);
    const three = scene.nodeOf(3) as CrowdMaster;
    expect(three.x).toBeGreaterThan(OFF);
    // Made in the margin a frame later (BUILDS_PER_FRAME), already facing its way.
    expect(three.shown).toBe(true);
    expect(three.skinParticle.scaleX).toBe(-1);
    for (let f = 0; f < 200; f++) scene.update(16);
    expect(three.x).toBe(15200);
    expect(three.skinParticle.scaleX).toBe(-1);
    // The pipe is mirrored around the foot with the skin: in front of the face on the left side.
    const pipe = three.particles[1]!;
    expect(pipe.scaleX).toBe(-1);
    expect(pipe.x).toBe(15200 - 30);

    // Walking off screen again it stays drawn while it eases (one flip per report, not per frame), then is culled.
    setObjects(5, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15300, flip: true }),
      obj(3, { coordinate: OFF, puff: true }),
      obj(4, { coordinate: 14900, senator: true }),
    ]);
    scene.update(16);
    expect(three.shown).toBe(true);
    for (let f = 0; f < 200; f++) scene.update(16);
    expect(three.shown).toBe(false);
    const left = three.x;

    // Culled, its node is kept and not written to while it walks off screen.
    setObjects(6, [
      obj(1, { user_id: 7 }),
      obj(2, { coordinate: 15300, flip: true }),
      obj(3, { coordinate: OFF + 300, puff: true }),
      obj(4, { coordinate: 14900, senator: true }),
    ]);
    for (let f = 0; f < 100; f++) scene.update(16);
    expect(nodes()).toContain(three);
    expect(three.shown).toBe(false);
    expect(three.x).toBe(left);
    expect(three.skinParticle.x).toBe(left);

    scene.hide();
    scene.reset();
  });

  it('applies a crowd a slice a frame without restarting, makes nodes only for the drawn, drops the gone at the end of a pass, and leaves off-screen walkers unwritten', async () => {
    const control = new WorldControl(() => ({ titled: false, puff: false }));
    const scene = new WorldScene(FORUM, { control, chartApi: noData, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    await scene.prepare();
    $ownPosition.set({ coordinate: 15000, flip: false, moving: false });
    $ownObjectId.set(1);
    // A crowd of twice and a half a slice, first far off screen: known, but no node made.
    const crowd = (at: number) => Array.from({ length: SYNC_SLICE * 2 + SYNC_SLICE / 2 }, (_, i) => obj(10 + i, { coordinate: at + i }));
    setObjects(1, [obj(1, { user_id: 7 }), ...crowd(5000)]);
    const host = new Container();
    scene.show(host, computeLayout(412, 915));
    const ids = crowd(0).map((o) => o.id);
    const nodes = () => ids.map((id) => scene.nodeOf(id) as CrowdMaster | null).filter((n) => n !== null);
    for (let f = 0; f < 3; f++) scene.update(16);
    expect(nodes()).toHaveLength(0);
    // The crowd steps on screen: applied from the next frame, SYNC_SLICE changes a frame (the own object, skipped, is none).
    setObjects(2, [obj(1, { user_id: 7 }), ...crowd(15000 - SYNC_SLICE)]);
    expect(nodes()).toHaveLength(0);
    scene.update(16);
    expect(nodes()).toHaveLength(SYNC_SLICE);
    scene.update(16);
    expect(nodes()).toHaveLength(2 * SYNC_SLICE);
    scene.update(16);
    expect(nodes()).toHaveLength(crowd(0).length);

    // A room of six slices restated every frame (new objects, same fields) while it walks: the pass is not
    // restarted by each new state, so the last of the crowd walks too (a pass that restarted on every state,
    // visiting a number of objects a frame, never reached them), and restated objects do not count against it.
    const wide = (at: number) => Array.from({ length: SYNC_SLICE * 6 }, (_, i) => obj(10 + i, { coordinate: at + (i % 200) }));
    setObjects(8, [obj(1, { user_id: 7 }), ...wide(14900)]);
    for (let f = 0; f < 10; f++) scene.update(16);
    ids.splice(0, ids.length, ...wide(0).map((o) => o.id));
    const xs = nodes().map((n) => n.x);
    expect(xs).toHaveLength(wide(0).length);
    for (let f = 0; f < 60; f++) {
      setObjects(10 + f, [obj(1, { user_id: 7 }), ...wide(14940)]);
      scene.update(16);
    }
    expect(nodes().map((n) => n.x)).toEqual(xs.map((x) => x + 40));

    // A small room applies in the next frame, and what it no longer holds goes with it.
    setObjects(3, [obj(1, { user_id: 7 }), obj(2, { coordinate: 15100 })]);
    scene.update(16);
    ids.splice(0, ids.length, 2, 3);
    expect(nodes()).toHaveLength(1);

    // A walker drawn in the cull's margin, off screen where it stands and where it walks, is left where it was
    // until a point of its way shows; on screen it follows its motion.
    const margin = 15000 + 540 + NODE_HALF_WIDTH + 30;
    setObjects(4, [obj(1, { user_id: 7 }), obj(3, { coordinate: margin })]);
    scene.update(16);
    const three = nodes()[0]!;
    expect([three.x, three.shown]).toEqual([margin, true]);
    setObjects(5, [obj(1, { user_id: 7 }), obj(3, { coordinate: margin + 300 })]);
    scene.update(100);
    expect(three.shown).toBe(true);
    expect(three.x).toBe(margin);
    setObjects(6, [obj(1, { user_id: 7 }), obj(3, { coordinate: 15000 })]);
    scene.update(100);
    expect(three.x).toBeLessThan(margin + 300);
    for (let f = 0; f < 200; f++) scene.update(16);
    expect(three.x).toBe(15000);

    scene.hide();
    scene.reset();
  });
});
