/**
 * Coalescing of one player's events for the original product's client, which refetches its wallet,
 * status, game, stats and every eidol's transactions on each event it gets (FACTS.md "What the original
 * client reads"): the events of one window (`RealtimeLimits.coalesceMs`) become as few messages as say
 * the same. Pure: the plain WebSocket holds the window.
 */
import type { ServerMessage } from '../../shared/api/socket';

/**
 * The messages of one window, coalesced: of each event only the last is kept (a status or a notice
 * superseded within the window is not worth a refetch), and a `transaction_update` beside an
 * `item_arrived` is folded into it as its `transaction` (a purchase: the item's arrival says the
 * transaction went through, and one refetch serves both). Kept messages stay in the order of their last
 * occurrence; each keeps its own nonce and `seq`.
 */
export function coalesceMessages(messages: readonly ServerMessage[]): ServerMessage[] {
  const last = new Map<string, ServerMessage>();
  for (const m of messages) {
    last.delete(m.event);
    last.set(m.event, m);
  }
  const arrived = last.get('item_arrived');
  const update = last.get('transaction_update');
  if (arrived && update) {
    last.delete('transaction_update');
    last.set('item_arrived', { ...arrived, transaction: update.transaction ?? { status: update.status } });
  }
  return [...last.values()];
}
