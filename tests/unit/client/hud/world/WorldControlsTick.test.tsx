// @vitest-environment jsdom
/**
 * The world's controls read the clock once a second only while a label counts down: in the incense zone
 * with incense burning the label ticks every second; once it has burnt out nothing on the controls depends
 * on the second, and a still screen reads the clock every 30 s (issue #33: an idle screen sleeps).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { WorldControls } from '../../../../../src/client/hud/screens/world/WorldControls';
import { $ownPosition, $worldRoom } from '../../../../../src/client/game/world/worldStores';
import { $game } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { $config } from '../../../../../src/client/stores/config';
import { makeUser } from '../../machines/fixtures';
import { makeGame, makeItem, utc } from '../../gameFixtures';
import { render, type Mounted } from '../render';

const START = Date.UTC(2026, 10, 23, 12, 0, 0);
let mounted: Mounted | undefined;
let reads: number;
const now = () => (reads++, Date.now());
const label = () => mounted!.container.querySelector('[data-testid="world-note"]')?.textContent ?? '';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  reads = 0;
  $session.set({ status: 'user', user: makeUser({ id: 7 }), authError: false });
  $config.set({ product_name: 'P', admin_name: 'GoldenStern', round_open_seconds: 60, round_locked_seconds: 10 });
  // Incense slot 1 burns for 5 more seconds; the player stands in its zone.
  $game.set({
    status: 'ready',
    game: makeGame({ incense_1: utc(START + 5_000), items: [makeItem({ type: 'Incense', name: 'Incense' })] }),
    clockOffsetMs: 0,
  });
  $worldRoom.set(1);
  $ownPosition.set({ coordinate: 11600, flip: false, moving: false });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  $worldRoom.set(null);
  vi.useRealTimers();
});

describe('WorldControls clock', () => {
  it('ticks every second while the incense counts down, then every 30 s', async () => {
    mounted = await render(<WorldControls state="idle" text={null} tap={() => {}} now={now} />);
    const first = label();
    expect(first).not.toBe('');
    await act(async () => void vi.advanceTimersByTime(2_000));
    expect(label()).not.toBe(first); // the seconds left moved on

    // Burnt out: the zone's control no longer depends on the second.
    await act(async () => void vi.advanceTimersByTime(5_000));
    const idle = label() || mounted.container.textContent;
    reads = 0;
    await act(async () => void vi.advanceTimersByTime(20_000));
    expect(reads).toBe(0);
    expect(label() || mounted.container.textContent).toBe(idle);
    await act(async () => void vi.advanceTimersByTime(10_000));
    expect(reads).toBe(1);
  });
});
