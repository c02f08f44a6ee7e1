/**
 * Follows `transaction_update` (FACTS.md "Realtime"): a transaction that becomes final after its commit
 * (a chain withdrawal posts at finality, a deposit is credited) changes balances while no screen is
 * waiting for it, so the user and game are refetched, and the player is told how a pending one ended.
 */
import { t } from '../i18n/t';
import { onServerEvent } from './serverEvents';
import { refreshGameSoon } from './gameSync';
import { showToast } from '../stores/toasts';

/** Toast when a pending transaction (a withdrawal) reached the chain. */
export const TRANSACTION_DONE_TEXT = t.net.transactionDone;
/** Toast when a transaction failed and no message came with it. */
export const TRANSACTION_FAILED_TEXT = t.net.transactionFailed;

/** What the follower needs; tests pass spies. */
export interface TransactionUpdateDeps {
  refresh?: () => void;
  toast?: (text: string, tone: 'success' | 'error') => void;
}

/** Starts following; returns the teardown. */
export function followTransactionUpdates(deps: TransactionUpdateDeps = {}): () => void {
  const refresh = deps.refresh ?? refreshGameSoon;
  const toast = deps.toast ?? ((text, tone) => void showToast(text, { type: `transaction:${text}`, tone }));
  // Ids seen pending: only their success is news (a committed send already showed "Done!").
  const pending = new Set<string>();
  return onServerEvent('transaction_update', (message) => {
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? String(message.id) : '';
    if (message.status === 'pending') {
      if (id) pending.add(id);
      return;
    }
    if (message.status === 'new') return;
    refresh();
    if (message.status === 'fail') {
      toast(typeof message.message === 'string' && message.message ? message.message : TRANSACTION_FAILED_TEXT, 'error');
    } else if (pending.has(id)) {
      toast(TRANSACTION_DONE_TEXT, 'success');
    }
    pending.delete(id);
  });
}

let following: (() => void) | undefined;

/** Follows for the app's lifetime (called once at boot; later calls keep the one follower). */
export function startTransactionUpdates(): void {
  following ??= followTransactionUpdates();
}
