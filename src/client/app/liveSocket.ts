/**
 * Keeps the live socket in step with the session: a logged-in user's `ws_auth_token` starts it (a new
 * token restarts it), a guest stops it. The machine's state is mirrored into $socketState and its server
 * messages are published on the server-event bus, so features depend on neither the machine nor the socket
 * (they refetch on the bus's `onResync`, which every (re)subscription triggers).
 */
import { createActor, type Actor } from 'xstate';
import { socketMachine, socketStatus } from '../machines/socketMachine';
import { createSocketTransport, type TransportFactory } from '../net/socket';
import { publishServerEvent, resetServerEvents } from '../net/serverEvents';
import { $session, type SessionState } from '../stores/session';
import { $socketState } from '../stores/socketState';
import { inspectOption } from './inspector';

let running: { actor: Actor<typeof socketMachine>; teardown: () => void } | undefined;

function follow(actor: Actor<typeof socketMachine>, session: SessionState): void {
  // `unknown` waits for the status answer: the cached user's token may be stale.
  if (session.status === 'user' && session.user) actor.send({ type: 'START', token: session.user.ws_auth_token });
  else if (session.status === 'guest') actor.send({ type: 'STOP' });
}

/** Starts following $session (once; later calls return the same teardown). The teardown stops the socket. */
export function startLiveSocket(
  createTransport: TransportFactory = () => createSocketTransport(),
  now: () => number = () => Date.now(),
): () => void {
  if (running) return running.teardown;
  const actor = createActor(socketMachine, { input: { createTransport, now }, ...inspectOption() });
  const state = actor.subscribe((snapshot) => $socketState.set(socketStatus(snapshot)));
  const bus = actor.on('server', ({ message }) => publishServerEvent(message));
  actor.start();
  const session = $session.subscribe((value) => follow(actor, value));
  const teardown = () => {
    session();
    bus.unsubscribe();
    state.unsubscribe();
    actor.stop();
    $socketState.set('stopped');
    resetServerEvents();
    running = undefined;
  };
  running = { actor, teardown };
  return teardown;
}

/**
 * Closes the socket cleanly now, before logout's request: the server drops the sockets of an ended session
 * and the machine would otherwise treat that as a dropped connection and reconnect. It starts again when
 * a user next logs in.
 */
export function closeLiveSocket(): void {
  running?.actor.send({ type: 'STOP' });
}
