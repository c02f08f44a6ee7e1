/** What a wallet screen does 750 ms after "Done!": refetch the game and the user (balances, flags). */
import { refreshGameNow } from '../../../net/gameSync';
import { refreshSession } from '../../../app/boot';

/** Refreshes game and user now (the machine already waited the spec's 750 ms). */
export function refreshAfterTransaction(): void {
  refreshGameNow();
  void refreshSession();
}
