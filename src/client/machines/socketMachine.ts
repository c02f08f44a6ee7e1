/**
 * The live socket (spec 1 §4 "Session", §8): connecting → ready (open, `sync` sent) → subscribed (the
 * server answered `subscribe` with success). An unclean close goes to reconnecting and retries after
 * 300 ms; `success:false` stops in unauthorised (retrying a refused token would only storm the server);
 * STOP (logout) closes cleanly. Every server message is acknowledged with its nonce, nonces seen in the
 * last 60 s are dropped, and fresh messages are emitted as `server` events. Outbound messages queue
 * until the socket is open.
 */
import { and, assign, emit, enqueueActions, fromCallback, not, raise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { ClientMessage, ServerMessage } from '../../shared/api/socket';
import { NonceMemory } from '../net/nonceMemory';
import type { TransportFactory } from '../net/socket';

/** Delay before reconnecting after an unclean close. */
export const RECONNECT_MS = 300;
/** Most queued outbound messages kept while closed; the oldest go first (a long outage must not grow memory). */
export const OUTBOX_LIMIT = 100;

/** What the machine is started with. */
export interface SocketMachineInput {
  createTransport: TransportFactory;
  /** The clock for nonce expiry. */
  now: () => number;
}

/** Events from outside (START/STOP/SEND) and from the transport. */
export type SocketMachineEvent =
  | { type: 'START'; token: string }
  | { type: 'STOP' }
  | { type: 'SEND'; message: ClientMessage }
  | { type: 'transport.open' }
  | { type: 'transport.message'; data: unknown }
  | { type: 'transport.closed'; clean: boolean; reason: string }
  /** Internal: raised after acking a refused `subscribe`. */
  | { type: 'refused' };

/** What the machine emits: one fresh, acknowledged server message. */
export type SocketMachineEmitted = { type: 'server'; message: ServerMessage };

interface SocketContext {
  token: string;
  createTransport: TransportFactory;
  // Mutable on purpose (written only by the `remember` action): copying a 60 s window of nonces on every
  // message would be pure waste, and nothing compares snapshots' nonce sets.
  nonces: NonceMemory;
  outbox: ClientMessage[];
}

/** A well-formed server message, or undefined. */
function serverMessage(event: SocketMachineEvent): ServerMessage | undefined {
  if (event.type !== 'transport.message') return undefined;
  const data = event.data as Partial<ServerMessage> | null;
  if (typeof data !== 'object' || data === null) return undefined;
  return typeof data.event === 'string' && typeof data._nonce === 'string' ? (data as ServerMessage) : undefined;
}

/** Bridges one transport to the machine: its reports become events, `send` commands go out. */
const connection = fromCallback<{ type: 'send'; message: ClientMessage }, { createTransport: TransportFactory }>(
  ({ input, sendBack, receive }) => {
    const transport = input.createTransport();
    receive((command) => transport.send(command.message));
    transport.connect({
      open: () => sendBack({ type: 'transport.open' }),
      message: (data) => sendBack({ type: 'transport.message', data }),
      closed: (clean, reason) => sendBack({ type: 'transport.closed', clean, reason }),
    });
    return () => transport.close();
  },
);

/** The live socket machine; send START with the user's `ws_auth_token`, STOP at logout. */
export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketMachineEvent,
    input: {} as SocketMachineInput,
    emitted: {} as SocketMachineEmitted,
  },
  actors: { connection },
  actions: {
    setToken: assign({ token: (_, token: string) => token }),
    sendSync: sendTo('connection', ({ context }) => ({
      type: 'send' as const,
      message: { method: 'sync' as const, token: context.token },
    })),
    sendMessage: sendTo('connection', (_, message: ClientMessage) => ({ type: 'send' as const, message })),
    flushOutbox: enqueueActions(({ context, enqueue }) => {
      for (const message of context.outbox) enqueue.sendTo('connection', { type: 'send', message });
      enqueue.assign({ outbox: [] });
    }),
    enqueue: assign({ outbox: ({ context }, message: ClientMessage) => [...context.outbox, message].slice(-OUTBOX_LIMIT) }),
    clearOutbox: assign({ outbox: [] }),
    ack: sendTo('connection', ({ event }) => ({
      type: 'send' as const,
      message: { method: 'ack' as const, nonce: serverMessage(event)?._nonce ?? '' },
    })),
    remember: ({ context, event }) => {
      const message = serverMessage(event);
      if (message) context.nonces.remember(message._nonce);
    },
    publish: emit(({ event }) => ({ type: 'server' as const, message: serverMessage(event)! })),
    raiseRefused: raise({ type: 'refused' }),
  },
  guards: {
    wellFormed: ({ event }) => serverMessage(event) !== undefined,
    duplicate: ({ context, event }) => {
      const message = serverMessage(event);
      return message !== undefined && context.nonces.has(message._nonce);
    },
    subscribeOk: ({ event }) => serverMessage(event)?.event === 'subscribe' && serverMessage(event)?.success === true,
    subscribeRefused: ({ event }) => serverMessage(event)?.event === 'subscribe' && serverMessage(event)?.success !== true,
    closedCleanly: ({ event }) => event.type === 'transport.closed' && event.clean,
    tokenChanged: ({ context, event }) => event.type === 'START' && event.token !== context.token,
  },
  delays: { reconnect: RECONNECT_MS },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ token: '', createTransport: input.createTransport, nonces: new NonceMemory(input.now), outbox: [] }),
  initial: 'stopped',
  on: {
    STOP: { target: '.stopped', actions: 'clearOutbox' },
  },
  states: {
    stopped: {
      on: { START: { target: 'live', actions: { type: 'setToken', params: ({ event }) => event.token } } },
    },
    live: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ createTransport: context.createTransport }) },
      initial: 'connecting',
      on: {
        START: { guard: 'tokenChanged', target: 'live', reenter: true, actions: { type: 'setToken', params: ({ event }) => event.token } },
        'transport.closed': [{ guard: 'closedCleanly', target: 'stopped' }, { target: 'reconnecting' }],
        'transport.message': [
          // A re-sent message is acknowledged again (the server evidently missed the first ack) but not re-published.
          { guard: 'duplicate', actions: 'ack' },
          { guard: 'wellFormed', actions: ['ack', 'remember', 'publish'] },
        ],
        SEND: { actions: { type: 'sendMessage', params: ({ event }) => event.message } },
        refused: 'unauthorised',
      },
      states: {
        connecting: {
          on: {
            'transport.open': 'ready',
            SEND: { actions: { type: 'enqueue', params: ({ event }) => event.message } },
          },
        },
        ready: {
          entry: ['sendSync', 'flushOutbox'],
          on: {
            'transport.message': [
              { guard: and(['subscribeOk', not('duplicate')]), target: 'subscribed', actions: ['ack', 'remember', 'publish'] },
              // Leaving `live` on a raised event lets the ack go out before the transport closes.
              { guard: and(['subscribeRefused', not('duplicate')]), actions: ['ack', 'remember', 'publish', 'raiseRefused'] },
            ],
          },
        },
        subscribed: {},
      },
    },
    reconnecting: {
      on: {
        SEND: { actions: { type: 'enqueue', params: ({ event }) => event.message } },
        START: { guard: 'tokenChanged', target: 'live', actions: { type: 'setToken', params: ({ event }) => event.token } },
      },
      after: { reconnect: 'live' },
    },
    unauthorised: {
      // Only a different token tries again: the session store re-sends the same one on every status poll.
      on: { START: { guard: 'tokenChanged', target: 'live', actions: { type: 'setToken', params: ({ event }) => event.token } } },
    },
  },
});

/** The machine's snapshot. */
export type SocketSnapshot = SnapshotFrom<typeof socketMachine>;

/** The socket's state as one word, for stores and UI. */
export type SocketStatus = 'stopped' | 'connecting' | 'ready' | 'subscribed' | 'reconnecting' | 'unauthorised';

/** Flattens a snapshot's state value (live.* becomes its child's name). */
export function socketStatus(snapshot: SocketSnapshot): SocketStatus {
  const value = snapshot.value;
  return typeof value === 'string' ? value : value.live;
}
