/**
 * A player's events in the shapes the original product's client reads (FACTS.md "What the original client
 * reads"), where they differ from what this product's client reads; the plain WebSocket sends these.
 * Room updates get theirs from the room's node (`RoomRecipients.original`): only it holds the whole list.
 */
import type { ServerMessage } from '../../shared/api/socket';

/**
 * `message` as the original client reads it: `transaction_update` carries the transaction as
 * `transaction` (it reads `evt.transaction.status`), `item_arrived` the item id as `item` (4 shows the gDAO
 * icon). The fields of this product's shape stay beside them; other events are the same object.
 */
export function originalShape(message: ServerMessage): ServerMessage {
  if (message.event === 'transaction_update') {
    const { event, _nonce, seq, ...transaction } = message;
    return { ...message, transaction: message.transaction ?? transaction, event, _nonce, seq };
  }
  if (message.event === 'item_arrived' && message.item === undefined && typeof message.item_id === 'number')
    return { ...message, item: message.item_id };
  return message;
}
