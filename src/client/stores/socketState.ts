/** $socketState: the live socket's state for UI (a reconnect badge, etc.); written only by app/liveSocket. */
import { atom } from 'nanostores';
import type { SocketStatus } from '../machines/socketMachine';

/** The live socket's current state; `stopped` while nobody is logged in. */
export const $socketState = atom<SocketStatus>('stopped');
