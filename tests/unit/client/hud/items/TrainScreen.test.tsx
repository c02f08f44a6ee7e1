// @vitest-environment jsdom
/**
 * The transmutation screen in the DOM: figures, the commitment then the attempt with the player's seed
 * (random, editable, checked), the outcome by answer or socket, the revealed seed and the check in the
 * browser, which catches an answer whose seed is not the one committed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../../src/client/net/http';
import TrainScreen from '../../../../../src/client/hud/screens/items/TrainScreen';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { publishServerEvent } from '../../../../../src/client/net/serverEvents';
import { deferred, type Deferred } from '../../machines/deferred';
import { makeUser, ok } from '../../machines/fixtures';
import { makeEidol, makeGame } from '../../game/eidol/fixtures';
import { click, render, settle, typeInto, type Mounted } from '../render';
import { serverSeedHash } from '../../../../../src/shared/rules/transmuteRoll';
import { trainingDraw } from '../../../../../src/shared/rules/training';

const SERVER_SEED = '0123456789abcdef'.repeat(4);
const SHOWN = serverSeedHash(SERVER_SEED);

/** The honest answer to attempt 2 of E11 (6 of 24 XP) with `playerSeed`. */
function honest(playerSeed: string, seed = SERVER_SEED) {
  const d = trainingDraw(seed, playerSeed, 2, 6, 24);
  return {
    trained: d.trained,
    chance: d.chance,
    roll: d.roll,
    seed,
    seed_hash: SHOWN,
    player_seed: playerSeed,
    attempt: 2,
    experience: 6,
    next_level_experience: 24,
    oogle: E11,
  };
}

let mounted: Mounted | undefined;
let commits: Array<{ id: number; d: Deferred<ApiResult<unknown>> }>;
let trains: Array<{ id: number; body: { seed_hash: string; player_seed: string }; d: Deferred<ApiResult<unknown>> }>;
const api = {
  trainCommitment: (id: number) => {
    const d = deferred<ApiResult<unknown>>();
    commits.push({ id, d });
    return d.promise;
  },
  train: (id: number, body: { seed_hash: string; player_seed: string }) => {
    const d = deferred<ApiResult<unknown>>();
    trains.push({ id, body, d });
    return d.promise;
  },
};
const E11 = makeEidol({
  id: 5,
  level: 11,
  rarity: 'rare',
  value: '300',
  experience: 6,
  next_level_experience: 24,
  data: { greedy: 3, precise: 1, apple: null },
});

beforeEach(() => {
  vi.useFakeTimers();
  commits = [];
  trains = [];
  history.replaceState(null, '', '/traineidol');
  $session.set({ status: 'user', user: makeUser({ level: 2, start_gas: true, start_pack: true, balance_ngls: '50' }), authError: false });
  $game.set({ status: 'ready', game: makeGame([E11]), clockOffsetMs: 0 });
  $selectedEidolId.set(5);
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
});

const byId = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const submit = () => byId('train-submit') as HTMLButtonElement;
const show = () => render(<TrainScreen variant="selected" api={api as never} onRefresh={() => {}} />);

describe('TrainScreen', () => {
  it('shows Value, fee by rarity, Yieldy, Precise and Chance', async () => {
    mounted = await show();
    expect(byId('train-value')!.textContent).toBe('300 ANGLS');
    expect(byId('train-fee')!.textContent).toBe('20 ANGLS');
    expect(byId('train-yieldy')!.textContent).toBe('3 %');
    expect(byId('train-precise')!.textContent).toBe('1');
    expect(byId('train-chance')!.textContent).toBe('40 %');
  });

  it('first tap fetches the commitment, second trains; the answer tells the outcome', async () => {
    mounted = await show();
    expect(submit().textContent).toBe('Calculate Transmutation fee');
    await click(submit());
    expect(commits.map((c) => c.id)).toEqual([5]);
    expect(submit().textContent).toBe('Processing transaction...');
    await settle(() => commits[0]!.d.resolve(ok({ fee: '20', chance: 41.5, seed_hash: SHOWN, attempt: 2 })));
    expect(submit().textContent).toBe('Transmute Eidol');
    expect(byId('train-chance')!.textContent).toBe('41.50 %');
    expect(byId('train-seed-hash')!.textContent).toBe(SHOWN);
    // A random seed of the player's is offered; it goes with the attempt against the commitment shown.
    const offered = (byId('train-player-seed') as HTMLInputElement).value;
    expect(offered).toMatch(/^[0-9a-f]{32}$/);
    await click(submit());
    expect(trains.map((t) => [t.id, t.body])).toEqual([[5, { seed_hash: SHOWN, player_seed: offered }]]);
    const answer = honest(offered);
    await settle(() => trains[0]!.d.resolve(ok(answer)));
    expect(submit().textContent).toBe('Done');
    expect(byId('train-outcome')!.textContent).toBe(answer.trained ? 'Transmutation succesfull!' : 'Transmutation failed');
    expect(byId('train-revealed-seed')!.textContent).toBe(SERVER_SEED);
    expect(byId('train-used-seed')!.textContent).toBe(offered);
    // The next attempt gets a fresh seed.
    expect((byId('train-player-seed') as HTMLInputElement).value).not.toBe(offered);
  });

  it('sends the seed the player typed, refuses a malformed one, and checks the revealed seed in the browser', async () => {
    mounted = await show();
    const input = () => byId('train-player-seed') as HTMLInputElement;
    await settle(() => typeInto(input(), 'bad seed:1'));
    expect(byId('train-player-seed-error')!.textContent).toContain('1 to 64 letters, digits, - or _');
    expect(submit().textContent).toBe('Your seed: 1 to 64 letters, digits, - or _');
    expect(submit().disabled).toBe(true);
    await settle(() => typeInto(input(), 'my-own_seed'));
    expect(byId('train-player-seed-error')).toBeNull();
    await click(submit());
    await settle(() => commits[0]!.d.resolve(ok({ fee: '20', chance: 40, seed_hash: SHOWN, attempt: 2 })));
    await click(submit());
    expect(trains[0]!.body).toEqual({ seed_hash: SHOWN, player_seed: 'my-own_seed' });
    const answer = honest('my-own_seed');
    await settle(() => trains[0]!.d.resolve(ok(answer)));
    await click(byId('train-check')!);
    const text = byId('train-check-result')!.textContent!;
    expect(text).toContain('sha256 of the revealed seed is the hash shown before');
    expect(text).toContain(answer.trained ? 'so success' : 'so failure');
    expect(byId('train-roll')!.textContent).toBe((Math.floor(answer.roll * 1e6) / 1e6).toFixed(6));
  });

  it('the check catches a revealed seed that is not the one committed', async () => {
    mounted = await show();
    await click(submit());
    await settle(() => commits[0]!.d.resolve(ok({ fee: '20', chance: 40, seed_hash: SHOWN, attempt: 2 })));
    await click(submit());
    const other = 'f'.repeat(64);
    // The answer even claims the shown hash: the check trusts only the hash it showed before.
    await settle(() => trains[0]!.d.resolve(ok(honest(trains[0]!.body.player_seed, other))));
    await click(byId('train-check')!);
    expect(byId('train-check-result')!.textContent).toBe('Does not check out: sha256(seed) is not the published seed hash.');
  });

  it('a socket training_failed for this eidol shows the outcome', async () => {
    mounted = await show();
    await settle(() => publishServerEvent({ event: 'training_failed', _nonce: 'n1', oogle_id: 9 }));
    expect(byId('train-outcome')).toBeNull();
    await settle(() => publishServerEvent({ event: 'training_failed', _nonce: 'n2', oogle_id: 5 }));
    expect(byId('train-outcome')!.textContent).toBe('Transmutation failed');
  });

  it('an unactivated player is sent to activation', async () => {
    $session.set({ status: 'user', user: makeUser({ start_gas: true, start_pack: false, balance_ngls: '50' }), authError: false });
    mounted = await show();
    expect(submit().textContent).toBe('Invoke Mastership');
    await click(submit());
    expect(location.pathname).toBe('/starterbuy');
    expect(commits).toEqual([]);
  });
});
