/** The world's controls per place (gates, zones, incense, caravan, selection, lane) and the top panel. */
import { describe, expect, it } from 'vitest';
import {
  chartBallLabel,
  itemCounts,
  timeLeftText,
  worldControls,
  WORLD_TEXTS,
  type WorldPlace,
} from '../../../../../src/client/hud/screens/world/worldView';
import { topPanel } from '../../../../../src/client/hud/screens/world/worldPanel';
import { nearbyRows } from '../../../../../src/client/hud/screens/world/nearbyRows';
import { makeObject } from '../../game/world/worldFixtures';

const NOW = Date.UTC(2026, 10, 25, 20, 0, 0);
const game = { incense_1: '', incense_2: '', incense_3: '', caravan: '', caravan_items: 0, chest_locked: false };
const place = (patch: Partial<WorldPlace> = {}): WorldPlace => ({
  room: 1,
  coordinate: 12000,
  walker: { titled: false, puff: false },
  items: {},
  game,
  selected: null,
  admin: false,
  chartBall: 'GS 1%',
  nowMs: NOW,
  ...patch,
});
/** The controls at a place without the yell, which ends them wherever nothing is selected (checked here). */
const main = (at: WorldPlace) => {
  const all = worldControls(at);
  if (at.selected) return all;
  expect(all.at(-1)).toEqual({ kind: 'input', label: 'Yell', input: 'yell' });
  return all.slice(0, -1);
};
const labels = (p: Partial<WorldPlace>) => main(place(p)).map((c) => c.label);

describe('worldControls', () => {
  it('offers Verse on the lane, Scribe only with a Scribe item, and the yell everywhere', () => {
    expect(labels({})).toEqual(['Verse']);
    expect(labels({ items: { Scribe: 1 } })).toEqual(['Verse', 'Scribe']);
  });

  it('reads the gates', () => {
    expect(main(place({ coordinate: 10631 }))).toEqual([{ kind: 'text', label: 'Only for Senators and Patricius' }]);
    expect(labels({ coordinate: 10631, walker: { titled: true, puff: false } })).toEqual(['Verse']);
    expect(main(place({ coordinate: 4833, walker: { titled: true, puff: false } }))).toEqual([
      { kind: 'navigate', label: 'Leave Forum', to: '/' },
    ]);
    expect(main(place({ coordinate: 0, walker: { titled: false, puff: true } }))).toEqual([
      { kind: 'navigate', label: 'Leave Forum', to: '/' },
    ]);
    expect(main(place({ coordinate: 22620 }))).toEqual([{ kind: 'navigate', label: 'Travel to Olympia', to: '/ditch' }]);
    expect(main(place({ room: 2, coordinate: 0 }))).toEqual([{ kind: 'navigate', label: 'Travel to Forum', to: '/forum' }]);
  });

  it('reads the zones', () => {
    expect(labels({ coordinate: 1000 })).toEqual(['Rules will be available soon']);
    expect(labels({ coordinate: 2200 })).toEqual(['will be available soon']);
    expect(main(place({ coordinate: 2800 }))).toEqual([{ kind: 'chartMode', label: 'GS 1%' }]);
    expect(labels({ coordinate: 7000 })).toEqual(['Quests will be available soon']);
    // The second quests range overlaps incense slot 2 (15263–15293): the table's first row wins.
    expect(labels({ coordinate: 15280, items: { Incense: 1 } })).toEqual(['Quests will be available soon']);
    expect(main(place({ coordinate: 15294, items: { Incense: 1 } }))[0]).toMatchObject({
      kind: 'action',
      action: { kind: 'incense', slot: 2 },
    });
    expect(main(place({ coordinate: 8000 }))[0]).toMatchObject({ kind: 'navigate', to: '/gdaoledger' });
    expect(main(place({ coordinate: 8320 }))[0]).toMatchObject({ kind: 'navigate', to: '/gdaoledger' });
    expect(main(place({ coordinate: 8500 }))[0]).toMatchObject({ kind: 'navigate', to: '/gdaochest' });
    expect(labels({ coordinate: 8500, game: { ...game, chest_locked: true } })).toEqual(['gDAO Treasury is now locked']);
    expect(labels({ coordinate: 9000 })).toEqual(['Minting will be available soon']);
    expect(main(place({ coordinate: 11000 }))[0]).toMatchObject({ kind: 'navigate', to: '/tax' });
    expect(labels({ coordinate: 17200 })).toEqual(['gDAO Funding will be available soon']);
    expect(labels({ coordinate: 20200 })).toEqual(['Mail will be available soon']);
    expect(main(place({ coordinate: 21500 }))[0]).toMatchObject({ kind: 'navigate', to: '/gdaoshop' });
    expect(labels({ coordinate: 12800 })).toEqual(['Verse']);
  });

  it('reads an incense slot: no item, burn, or the rate and time left', () => {
    expect(labels({ coordinate: 11600 })).toEqual([WORLD_TEXTS.noIncense]);
    expect(main(place({ coordinate: 15400, items: { Incense: 2 } }))).toEqual([
      { kind: 'action', label: 'Burn Incense', action: { kind: 'incense', slot: 2 } },
    ]);
    const lit = { ...game, incense_1: '2026-11-25 21:30:00', incense_3: '2026-11-25 20:10:05' };
    expect(labels({ coordinate: 11600, game: lit })).toEqual(['x4 Green Mining Rate for 1h 30m']);
    expect(labels({ coordinate: 18000, game: lit })).toEqual(['x4 Green Mining Rate for 10:05']);
  });

  it('reads the caravan: no map, send, on its way, unpack', () => {
    expect(labels({ coordinate: 20800 })).toEqual(['You have no Map to start caravan']);
    expect(main(place({ coordinate: 20800, items: { Map: 1 } }))).toEqual([
      { kind: 'action', label: 'Send Caravan', action: { kind: 'caravan' } },
    ]);
    expect(labels({ coordinate: 20800, game: { ...game, caravan: '2026-11-25 20:02:00' } })).toEqual(['Caravan will return in 02:00']);
    expect(labels({ coordinate: 20800, game: { ...game, caravan_items: 3 } })).toEqual(['Unpack Caravan goods']);
  });

  it('offers a selection its actions, Promote to the admin account only', () => {
    const master = makeObject({ id: 4, user_id: 9 });
    const scribe = makeObject({ id: 5, type: 'scribe' });
    expect(main(place({ selected: master, coordinate: 10631 }))).toEqual([
      { kind: 'action', label: 'Send Coins', action: { kind: 'send', id: 4 } },
      { kind: 'action', label: 'Like', action: { kind: 'like', id: 4 } },
    ]);
    expect(labels({ selected: scribe })).toEqual(['Vote Inscription']);
    expect(labels({ selected: scribe, admin: true })).toEqual(['Vote Inscription', 'Promote']);
  });
});

describe('world texts', () => {
  it('formats time left, counts items, labels the chart ball', () => {
    expect(timeLeftText(61_000)).toBe('01:01');
    expect(timeLeftText(3_600_000 + 5 * 60_000)).toBe('1h 05m');
    expect(timeLeftText(-1)).toBe('00:00');
    expect(
      itemCounts([
        { type: 'Puff', quantity: 1 },
        { type: 'Puff', quantity: 2 },
        { type: 'Map', quantity: 1 },
      ]),
    ).toEqual({ Puff: 3, Map: 1 });
    expect(chartBallLabel('GoldenStern', '0.4213456')).toBe('GoldenStern 42.1346%');
    expect(chartBallLabel('GoldenStern', undefined)).toBe('GoldenStern —');
  });

  it('fills the top panel per zone', () => {
    const telemetry = { total_pool: '10.5', totalNodes: 3, total_mined: '2.25', total_users: 40, emit: '0.1' };
    const src = { room: 1 as const, telemetry, game: { ...game, gdao_chest_supply: '77' }, mastersPresent: 2, nowMs: NOW };
    expect(topPanel({ ...src, zone: 'eye' }).rows.map((r) => r.value)).toEqual(['10.5', '3', '2.25', '40', '0.1']);
    expect(topPanel({ ...src, zone: 'chest' }).rows).toEqual([{ label: 'Supply', value: '77' }]);
    expect(topPanel({ ...src, zone: null })).toEqual({ title: 'Forum', rows: [{ label: 'Masters here', value: '2' }] });
  });
});

describe('nearbyRows', () => {
  it('lists the others nearest first by the shown distance, ties by id, at most 20', () => {
    const objects = [
      makeObject({ id: 1, coordinate: 12000 }),
      makeObject({ id: 2, coordinate: 12500 }),
      makeObject({ id: 3, coordinate: 11900, type: 'scribe', data: { verse: 'ave', votes: [], limit: '' } }),
      makeObject({ id: 4, coordinate: 12090 }),
      makeObject({ id: 5, coordinate: 12080 }),
    ];
    const rows = nearbyRows(objects, 1, 12000);
    // 12090 and 12080 both read "100 away": the lower id first, however they pace.
    expect(rows.map((r) => [r.id, r.distance])).toEqual([
      [3, 100],
      [4, 100],
      [5, 100],
      [2, 500],
    ]);
    expect(rows[0]!.verse).toBe('ave');
    const many = Array.from({ length: 30 }, (_, i) => makeObject({ id: i + 10, coordinate: 12000 + i }));
    expect(nearbyRows(many, null, 12000)).toHaveLength(20);
  });
});
