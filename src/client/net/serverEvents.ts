/**
 * The server's pushed events as a tiny typed bus: features subscribe by event name and never touch the
 * socket. Each message arrives once (duplicates are dropped upstream) and already acknowledged.
 */
import type { ServerMessage, SubscribeMessage } from '../../shared/api/socket';

/**
 * Payload per event name (FACTS.md "Realtime"). Fields beyond `event`/`_nonce` are typed loosely until a
 * feature pins them down; it may narrow its own entry here when it defines the shape.
 */
export interface ServerEvents {
  /** The answer to `sync`; published on every (re)subscription, so features can refetch what they missed. */
  subscribe: SubscribeMessage;
  game_ended: ServerMessage;
  transaction_update: ServerMessage;
  item_arrived: ServerMessage;
  training_succesfull: ServerMessage;
  training_failed: ServerMessage;
  yell: ServerMessage;
  forumupd: ServerMessage;
  forumscribe: ServerMessage;
  forumyell: ServerMessage;
  forumlike: ServerMessage;
  forumincense: ServerMessage;
  forumcaravan: ServerMessage;
  forumcaravanunpack: ServerMessage;
}

/** A known server event name. */
export type ServerEventName = keyof ServerEvents;

type Handler = (message: ServerMessage) => void;

const handlers = new Map<string, Set<Handler>>();

/** Calls `handler` for every `name` event until the returned function is called. */
export function onServerEvent<K extends ServerEventName>(name: K, handler: (message: ServerEvents[K]) => void): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  // The bus stores untyped handlers; the name ties the message to the handler's type.
  const h = handler as Handler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/** Delivers `message` to its event's handlers; one failing handler does not stop the others or the socket. */
export function publishServerEvent(message: ServerMessage): void {
  const set = handlers.get(message.event);
  if (!set) return;
  for (const handler of [...set]) {
    try {
      handler(message);
    } catch (err) {
      console.error(`server event ${message.event}: handler failed`, err);
    }
  }
}
