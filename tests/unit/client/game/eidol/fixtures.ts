/** Eidol and round fixtures in the wire shapes of src/shared/api/game.ts. */
import type { EidolView, GameView } from '../../../../../src/shared/api/game';

/** An eidol (a hatched, unlocked level-1 eidol worth 100 ANGLS at risk 0.20 unless patched). */
export function makeEidol(patch: Partial<EidolView> = {}): EidolView {
  return {
    id: 1,
    value: '100',
    maxValue: '100',
    top_value: '100',
    no_loss_value: '100',
    multiplier: 1.2,
    risk: '0.20',
    level: 1,
    experience: 5,
    next_level_experience: 24,
    type: 'ogle',
    rarity: 'common',
    collection: 'basic',
    skin: { collection: 'basic', image: '', name: '' },
    data: { greedy: 0, precise: 0, apple: null },
    is_locked: false,
    ...patch,
  };
}

/** A round open until `canActBefore` (UTC text) holding `oogles`. */
export function makeGame(oogles: EidolView[], canActBefore = '2999-01-01 00:00:00', patch: Partial<GameView> = {}): GameView {
  return {
    id: 10,
    ends_at: canActBefore,
    can_act_before: canActBefore,
    is_joined: false,
    my_multiplier: 1,
    investor_skin_id: 1,
    senator: null,
    patricius: null,
    incense_1: '',
    incense_2: '',
    incense_3: '',
    gdao_chest_supply: '0',
    caravan: '',
    caravan_items: 0,
    chest_locked: false,
    oogles,
    items: [],
    server_time: 0,
    ...patch,
  };
}
