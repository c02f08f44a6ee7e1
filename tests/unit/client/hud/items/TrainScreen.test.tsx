// @vitest-environment jsdom
/** The transmutation screen in the DOM: figures, the commitment then the attempt, the outcome by answer or socket. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../../src/client/net/http';
import TrainScreen from '../../../../../src/client/hud/screens/items/TrainScreen';
import { $game, $selectedEidolId } from '../../../../../src/client/stores/game';
import { $session } from '../../../../../src/client/stores/session';
import { publishServerEvent } from '../../../../../src/client/net/serverEvents';
import { deferred, type Deferred } from '../../machines/deferred';
import { makeUser, ok } from '../../machines/fixtures';
import { makeEidol, makeGame } from '../../game/eidol/fixtures';
import { click, render, settle, type Mounted } from '../render';

let mounted: Mounted | undefined;
let commits: Array<{ id: number; d: Deferred<ApiResult<unknown>> }>;
let trains: Array<{ id: number; d: Deferred<ApiResult<unknown>> }>;
const api = {
  trainCommitment: (id: number) => {
    const d = deferred<ApiResult<unknown>>();
    commits.push({ id, d });
    return d.promise;
  },
  train: (id: number) => {
    const d = deferred<ApiResult<unknown>>();
    trains.push({ id, d });
    return d.promise;
  },
};
const E11 = makeEidol({ id: 5, level: 11, rarity: 'rare', value: '300', experience: 6, next_level_experience: 24, data: { greedy: 3, precise: 1, apple: null } });

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
    await settle(() => commits[0]!.d.resolve(ok({ fee: '20', chance: 41.5, seed_hash: 'c0ffee', attempt: 2 })));
    expect(submit().textContent).toBe('Transmute Eidol');
    expect(byId('train-chance')!.textContent).toBe('41.50 %');
    expect(byId('train-seed-hash')!.textContent).toBe('c0ffee');
    await click(submit());
    expect(trains.map((t) => t.id)).toEqual([5]);
    await settle(() => trains[0]!.d.resolve(ok({ trained: true, chance: 41.5, roll: 12, seed: 's', seed_hash: 'c0ffee', oogle: E11 })));
    expect(submit().textContent).toBe('Done');
    expect(byId('train-outcome')!.textContent).toBe('Transmutation succesfull!');
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
