/** What every item-action screen reads from the stores: the player, the round, the chosen eidol, items held, the lock. */
import { useStore } from '@nanostores/react';
import { $session } from '../../../stores/session';
import { $game, $selectedEidolId } from '../../../stores/game';
import { $roundOpen } from '../../../app/roundClock';
import { selectedEidol } from '../../../game/eidol/eidolStatus';
import type { User } from '../../../../shared/api/user';
import type { EidolView, GameView } from '../../../../shared/api/game';
import type { Item } from '../../../../shared/api/user';

/** The screen's data. */
export interface ActionData {
  user: User | null;
  game: GameView | null;
  loading: boolean;
  eidols: EidolView[];
  eidol: EidolView | null;
  /** Items held: the round's list (refreshed with the game), else the user's. */
  items: Item[];
  /** Item actions are refused while the round is not open (contracts: "Locked for Aeon Computing"). */
  locked: boolean;
}

/** Reads the stores (the round clock runs while a RoundCountdown is mounted). */
export function useActionData(): ActionData {
  const { user } = useStore($session);
  const state = useStore($game);
  const selectedId = useStore($selectedEidolId);
  const open = useStore($roundOpen);
  const game = state.game;
  return {
    user,
    game,
    loading: state.status === 'loading',
    eidols: game?.oogles ?? [],
    eidol: selectedEidol(game, selectedId),
    items: game?.items ?? user?.items ?? [],
    locked: !open,
  };
}
