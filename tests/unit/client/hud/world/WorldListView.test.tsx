// @vitest-environment jsdom
/**
 * The list view re-renders only when what it shows changes: React's Profiler counts its commits while the
 * room's objects are replaced as a `forumupd` replaces them (a new map, new objects for everyone who moved).
 * The selected object the screen reads stays the same object while the selected master only walks.
 */
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorldObject } from '../../../../../src/shared/api/rooms';
import { $worldListOpen, WorldListView } from '../../../../../src/client/hud/screens/world/WorldListView';
import { $selectedObject } from '../../../../../src/client/hud/screens/world/worldHudStores';
import { $ownObjectId, $ownPosition, $worldObjects, $worldRoom, $worldSelection } from '../../../../../src/client/game/world/worldStores';
import { render, settle, type Mounted } from '../render';
import { makeObject } from '../../game/world/worldFixtures';

let mounted: Mounted | undefined;
let ts = 0;

/** 40 masters 100 apart from 12000 on (the list shows the 20 nearest), and the own master at 12000. */
function crowd(move: (o: WorldObject) => WorldObject = (o) => o): WorldObject[] {
  const own = makeObject({ id: 1, name: 'Me', coordinate: 12000 });
  const others = Array.from({ length: 40 }, (_, i) =>
    makeObject({ id: 10 + i, user_id: 100 + i, name: `M${i}`, coordinate: 12000 + (i + 1) * 100 }),
  );
  return [own, ...others.map((o) => move({ ...o }))];
}

/** What a forumupd does to the store: a newer ts, a new map, new objects. */
const update = (objects: WorldObject[]) => settle(() => $worldObjects.set({ ts: ++ts, byId: new Map(objects.map((o) => [o.id, o])) }));

beforeEach(() => {
  $worldRoom.set(1);
  $ownObjectId.set(1);
  $ownPosition.set({ coordinate: 12000, flip: false, moving: false });
  $worldSelection.set(null);
  $worldListOpen.set(true);
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  $worldObjects.set({ ts: 0, byId: new Map() });
  $worldRoom.set(null);
});

describe('WorldListView', () => {
  it('re-renders when a row would read differently, not on every forumupd', async () => {
    let commits = 0;
    await update(crowd());
    mounted = await render(
      <Profiler id="list" onRender={() => void commits++}>
        <WorldListView tap={() => undefined} />
      </Profiler>,
    );
    const rows = () => [...mounted!.container.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows()).toHaveLength(20);
    expect(rows()[0]).toContain('M0');
    expect(rows()[0]).toContain('100 away');
    const base = commits;

    // Everyone restated, the far ones walking, the near ones shuffling within a distance step.
    await update(crowd());
    await update(crowd((o) => (o.id >= 30 ? { ...o, coordinate: o.coordinate + 400, flip: true } : o)));
    await update(crowd((o) => ({ ...o, coordinate: o.coordinate + (o.id % 2 ? 10 : -10) })));
    expect(commits).toBe(base);

    // A near master steps 100 closer: its row changes.
    await update(crowd((o) => (o.id === 11 ? { ...o, coordinate: o.coordinate - 100 } : o)));
    expect(commits).toBe(base + 1);
    expect(rows()[1]).toContain('100 away');

    // Someone arrives next to the avatar: a new first row.
    await update([...crowd(), makeObject({ id: 99, user_id: 999, name: 'Newcomer', coordinate: 12020 })]);
    expect(commits).toBe(base + 2);
    expect(rows()[0]).toContain('Newcomer');
    expect(rows()[0]).toContain('0 away');
  });
});

describe('$selectedObject', () => {
  it('keeps the object while the selected master walks; a new look or another selection replaces it', () => {
    const seen: (WorldObject | null)[] = [];
    const off = $selectedObject.subscribe((o) => void seen.push(o));
    $worldObjects.set({ ts: 1, byId: new Map(crowd().map((o) => [o.id, o])) });
    $worldSelection.set(12);
    const picked = $selectedObject.get();
    expect(picked?.name).toBe('M2');
    $worldObjects.set({ ts: 2, byId: new Map(crowd((o) => ({ ...o, coordinate: o.coordinate + 500, flip: true })).map((o) => [o.id, o])) });
    expect($selectedObject.get()).toBe(picked);
    $worldObjects.set({ ts: 3, byId: new Map(crowd((o) => (o.id === 12 ? { ...o, puff: true } : o)).map((o) => [o.id, o])) });
    expect($selectedObject.get()).not.toBe(picked);
    expect($selectedObject.get()?.puff).toBe(true);
    $worldSelection.set(1);
    expect($selectedObject.get()).toBeNull();
    off();
    // null (none), M2, M2 with a pipe, null again: the walk notified nobody.
    expect(seen.map((o) => o && `${o.name}${+o.puff}`)).toEqual([null, 'M20', 'M21', null]);
  });
});
