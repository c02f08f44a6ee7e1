/** Test data of the core loop: a complete eidol, item and round as `GET /api/game` sends them. */
import type { EidolView, GameView } from '../../../src/shared/api/game';
import type { Item } from '../../../src/shared/api/user';

/** A hatched eidol. */
export function makeEidol(patch: Partial<EidolView> = {}): EidolView {
  return {
    id: 1,
    value: '100.00000000',
    maxValue: '100.00000000',
    top_value: '100.00000000',
    no_loss_value: '100.00000000',
    multiplier: 1.25,
    risk: '0.25',
    level: 1,
    experience: 3,
    next_level_experience: 10,
    type: 'ogle',
    rarity: 'common',
    collection: 'basic',
    skin: { collection: 'basic', image: 'eidol-basic-common-2', name: 'Mote' },
    data: { greedy: 0, precise: 0, apple: null },
    is_locked: false,
    ...patch,
  };
}

/** An inventory item. */
export function makeItem(patch: Partial<Item> = {}): Item {
  return { id: 6, name: 'Golden Cookie', type: 'Coincookie', quantity: 1, image: 'cookie', data: {}, ...patch };
}

/** Round times: open until `canActMs`, settles at `endsMs` (epoch ms, whole seconds). */
export function utc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A round answered at `serverMs`. */
export function makeGame(patch: Partial<GameView> = {}, times: { serverMs?: number; canActMs?: number; endsMs?: number } = {}): GameView {
  const serverMs = times.serverMs ?? Date.UTC(2026, 10, 23, 12, 0, 0);
  const canActMs = times.canActMs ?? serverMs + 600_000;
  const endsMs = times.endsMs ?? canActMs + 60_000;
  return {
    id: 41,
    ends_at: utc(endsMs),
    can_act_before: utc(canActMs),
    is_joined: false,
    my_multiplier: 1,
    investor_skin_id: 3,
    senator: null,
    patricius: null,
    incense_1: '',
    incense_2: '',
    incense_3: '',
    gdao_chest_supply: '0',
    caravan: '',
    caravan_items: 0,
    chest_locked: false,
    oogles: [makeEidol()],
    items: [],
    server_time: serverMs,
    ...patch,
  };
}
