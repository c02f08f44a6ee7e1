/**
 * The server's pushed events as a tiny typed bus: features subscribe by event name and never touch the
 * socket. Each message arrives once (duplicates are dropped upstream) and already acknowledged.
 *
 * Resync rule (socketEvents.ts): messages to the player carry `seq`, one more each time. On every
 * successful (re)subscribe, and whenever `seq` skips, the bus calls the `onResync` handlers: a feature
 * refetches what it shows from the API, so it never silently misses an event.
 */
import type { ServerMessage } from '../../shared/api/socket';
import { isServerEventName, serverEventSchemas, type ServerEventName, type ServerMessageOf } from '../../shared/api/socketEvents';

/** Payload per event name, from the shared schemas (FACTS.md "Realtime"). */
export type ServerEvents = { [K in ServerEventName]: ServerMessageOf<K> };

/** Why features must refetch: a (re)subscription, a skipped sequence number, or a malformed message. */
export type ResyncReason = 'subscribed' | 'gap' | 'malformed';

type Handler = (message: ServerMessage) => void;
type ResyncHandler = (reason: ResyncReason) => void;

const handlers = new Map<string, Set<Handler>>();
const resyncHandlers = new Set<ResyncHandler>();
/** The last per-player sequence number seen; undefined until the first subscribe. */
let lastSeq: number | undefined;

/** Calls `handler` for every `name` event until the returned function is called. */
export function onServerEvent<K extends ServerEventName>(name: K, handler: (message: ServerEvents[K]) => void): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  // The bus stores untyped handlers; the name ties the message to the handler's type (checked by its schema).
  const h = handler as Handler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

/** Calls `handler` whenever features must refetch what they show, until the returned function is called. */
export function onResync(handler: ResyncHandler): () => void {
  resyncHandlers.add(handler);
  return () => {
    resyncHandlers.delete(handler);
  };
}

/** Forgets the sequence position (the socket stopped: the next subscribe starts afresh). */
export function resetServerEvents(): void {
  lastSeq = undefined;
}

function callEach<A>(set: Set<(arg: A) => void>, arg: A, what: string): void {
  for (const handler of [...set]) {
    try {
      handler(arg);
    } catch (err) {
      console.error(`${what}: handler failed`, err);
    }
  }
}

/**
 * Delivers `message` to its event's handlers (one failing handler does not stop the others or the
 * socket), after tracking its sequence number; then asks for a resync when the rule says so.
 */
export function publishServerEvent(message: ServerMessage): void {
  if (!isServerEventName(message.event)) return;
  if (!serverEventSchemas[message.event].safeParse(message).success) {
    console.error(`server event ${message.event}: malformed`, message);
    callEach(resyncHandlers, 'malformed', 'resync');
    return;
  }
  let resync: ResyncReason | undefined;
  if (message.event === 'subscribe') {
    if (message.success === true) {
      lastSeq = typeof message.seq === 'number' ? message.seq : undefined;
      resync = 'subscribed';
    }
  } else if (typeof message.seq === 'number') {
    if (lastSeq !== undefined && message.seq !== lastSeq + 1) resync = 'gap';
    lastSeq = message.seq;
  }
  const set = handlers.get(message.event);
  if (set) callEach(set, message, `server event ${message.event}`);
  if (resync) callEach(resyncHandlers, resync, 'resync');
}
