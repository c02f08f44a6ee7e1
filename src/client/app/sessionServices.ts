/**
 * What follows a logged-in player: the live socket, the game's sync, the transaction updates and the
 * Forum's notices. boot.ts loads this chunk once a user is known, so a guest on the entry screens never
 * evaluates the socket client, its machine or the game's schemas.
 */
import { startLiveSocket } from './liveSocket';
import { startGameSync } from '../net/gameSync';
import { startTransactionUpdates } from '../net/transactionUpdates';
import { startWorldNotices } from '../net/worldNotices';
import { nextTask } from '../engine/nextTask';

/**
 * Starts them all (each once; each follows $session from here on), each in a task of its own: this chunk's
 * evaluation and the socket's machine starting made one task of ~28 ms observed (×4 on a phone) while home
 * loads. `refreshUser` asks the server who is logged in again.
 */
export async function startSessionServices(refreshUser: () => void, yieldTask: () => Promise<void> = nextTask): Promise<void> {
  await yieldTask();
  // Follows $session from here on: the socket opens while a user is logged in.
  startLiveSocket();
  await yieldTask();
  // Follows $session too: the game loads while a user is known and is forgotten at logout.
  startGameSync({ refreshUser });
  await yieldTask();
  // Withdrawals and deposits become final while no screen waits for them: refetch and tell the player.
  startTransactionUpdates();
  // The Forum's activity notices, held back while the player is in a world (spec 3 §8).
  startWorldNotices();
}
