/** Props at their zone centres, by the round view: chest lock, lit incense, caravan goods; gates and edges. */
import { describe, expect, it } from 'vitest';
import { worldProps } from '../../../../../src/client/game/world/worldProps';
import { holdsPuff, walkerOf } from '../../../../../src/client/game/world/worldWalker';
import { allFrameNames } from '../../../../../src/client/engine/frameNames';
import { DITCH, FORUM } from '../../../../../src/shared/rules/world';
import { makeGame, makeItem, utc } from '../../gameFixtures';

const now = Date.UTC(2026, 10, 25, 12);
const frameAt = (props: ReturnType<typeof worldProps>, key: string) => props.find((p) => p.key === key);

describe('worldProps', () => {
  it('puts every zone prop at its zone centre, the gates and the Olympia edge, left to right', () => {
    const props = worldProps(FORUM, null, now);
    expect(frameAt(props, 'notes@785')).toMatchObject({ frame: 'prop-notes', coordinate: 1085 });
    expect(frameAt(props, 'notes@18580')?.frame).toBe('prop-notes');
    expect(frameAt(props, 'gate-entry')).toMatchObject({ frame: 'prop-gate-4833', coordinate: 4833 });
    expect(frameAt(props, 'gate-senate')).toMatchObject({ frame: 'prop-gate-10631', coordinate: 10631 });
    expect(frameAt(props, 'edge-olympia')).toMatchObject({ frame: 'prop-olympia-edge', coordinate: 22620 });
    expect(props.map((p) => p.coordinate)).toEqual([...props.map((p) => p.coordinate)].sort((a, b) => a - b));
    const known = new Set(allFrameNames());
    for (const p of props) expect(known.has(p.frame), p.frame).toBe(true);
  });

  it('follows the chest lock, the lit incense slots and the caravan', () => {
    const game = makeGame({ chest_locked: true, incense_2: utc(now + 60_000), incense_3: utc(now - 1000), caravan: '', caravan_items: 6 });
    const props = worldProps(FORUM, game, now);
    expect(frameAt(props, 'chest@8316')?.frame).toBe('prop-chest-closed');
    expect(frameAt(props, 'incense1@11523')).toMatchObject({ frame: 'prop-incense-1-unlit', smoke: false });
    expect(frameAt(props, 'incense2@15263')).toMatchObject({ frame: 'prop-incense-2-lit', smoke: true });
    expect(frameAt(props, 'incense3@17963')?.frame).toBe('prop-incense-3-unlit');
    expect(frameAt(props, 'caravan@20513')?.frame).toBe('prop-caravan-5');
    const travelling = worldProps(FORUM, makeGame({ caravan: utc(now + 60_000), caravan_items: 6 }), now);
    expect(frameAt(travelling, 'caravan@20513')?.frame).toBe('prop-caravan-0');
    expect(frameAt(worldProps(FORUM, makeGame({ chest_locked: false }), now), 'chest@8316')?.frame).toBe('prop-chest-open');
  });

  it('gives the Ditch only its Forum edge at 0', () => {
    expect(worldProps(DITCH, null, now)).toEqual([{ key: 'edge-forum', frame: 'prop-forum-edge', coordinate: 0, smoke: false }]);
  });
});

describe('walkerOf', () => {
  it('reads active titles and a held Puff', () => {
    const game = makeGame({ senator: utc(now + 1000), patricius: null, items: [makeItem({ type: 'Puff', quantity: 1 })] });
    expect(walkerOf(game, null, now)).toEqual({ titled: true, puff: true });
    expect(walkerOf(makeGame({ senator: utc(now - 1000), patricius: null, items: [] }), null, now)).toEqual({ titled: false, puff: false });
    expect(holdsPuff(makeGame({ items: [makeItem({ type: 'Puff', quantity: 0 })] }))).toBe(false);
  });
});
