/**
 * Keeps the eidol screen's history fresh: the selected eidol's transactions and the number chart's samples,
 * fetched when the eidol or the round changes (a new round id means the last one settled). Failures keep
 * the previous data and are logged: a chart that cannot refresh still shows what it had.
 */
import type { ReadableAtom } from 'nanostores';
import type { GameState } from '../../stores/game';
import type { EidolApi } from '../../net/eidolApi';
import { $eidolHistory, $numberSamples } from './eidolStores';
import { selectedEidol } from './eidolStatus';

/** Starts loading for as long as the screen shows; returns the teardown. */
export function startEidolData(api: EidolApi, game: ReadableAtom<GameState>, selectedId: ReadableAtom<number | null>): () => void {
  let live = true;
  let loadedKey = '';
  const refresh = () => {
    const state = game.get();
    const eidol = selectedEidol(state.game, selectedId.get());
    const key = `${eidol?.id ?? ''}/${state.game?.id ?? ''}`;
    if (key === loadedKey) return;
    loadedKey = key;
    if (eidol) {
      const id = eidol.id;
      if ($eidolHistory.get().eidolId !== id) $eidolHistory.set({ eidolId: id, txs: [] });
      void api.transactions(id).then((r) => {
        if (!live) return;
        if (r.ok) $eidolHistory.set({ eidolId: id, txs: r.data });
        else console.warn(`eidol ${id} history: ${r.message}`);
      });
    }
    void api.numbers().then((r) => {
      if (!live) return;
      if (r.ok) $numberSamples.set(r.data);
      else console.warn(`number chart: ${r.message}`);
    });
  };
  const stopGame = game.subscribe(refresh);
  const stopSel = selectedId.listen(refresh);
  return () => {
    live = false;
    stopGame();
    stopSel();
  };
}
