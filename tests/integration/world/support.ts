/** Fixtures of the world tests: a server with the chat routes, players made present by their master row, sockets, snapshots. */
import { expect } from 'vitest';
import type { DialectName, Db } from '../../../src/server/db/database';
import { createLedger, ensureGenesis, type Ledger } from '../../../src/server/ledger/index';
import { addressDeriver } from '../../../src/server/chain/depositAddresses';
import { devKeysFrom } from '../../../src/server/chain/devKeys';
import { roomChatRoutes } from '../../../src/server/http/routes/roomChatRoutes';
import { FANOUT_WINDOW_MS } from '../../../src/server/domain/world/presenceConfig';
import { loadMaster } from '../../../src/server/domain/world/roomLoad';
import { worldOf } from '../../../src/server/domain/world/worldNode';
import { gameSnapshot } from '../../support/gameFixtures';
import { registerPlayer, startTestServer, type NodeOptions, type TestServer } from '../../support/server';
import { openSocket, type TestSocket } from '../../support/sockets';

/** The deposit addresses the test server answers (the well-known test mnemonic's). */
export const testDeposits = addressDeriver(devKeysFrom('test test test test test test test test test test test junk').depositXpub);

/** The {name} account of the world tests. */
export const TEST_ADMIN = 'player_wadm';

/** A world test server and its ledger check. */
export interface WorldServer {
  s: TestServer;
  ledger: Ledger;
  ledgerOk(): Promise<void>;
}

/** Starts a server on `dialect` with the chat routes and the ledger's genesis; `node`: another node beside one. */
export async function startWorldServer(dialect: DialectName, pgAdminUrl: string, node: NodeOptions = {}): Promise<WorldServer> {
  const s = await startTestServer(
    dialect,
    pgAdminUrl,
    { routes: [roomChatRoutes(testDeposits)], realtimeLimits: { handshakeBurst: 10_000 } },
    { adminName: TEST_ADMIN },
    node,
  );
  await ensureGenesis(s.testDb.db, s.clock);
  const ledger = createLedger(s.testDb.db, s.clock);
  return { s, ledger, ledgerOk: async () => expect((await ledger.check()).violations).toEqual([]) };
}

/**
 * Puts the player's master in `room` at `coordinate`, seen now, in the database and in the world node's
 * snapshot (what enter and walk do, at any coordinate and without a forumupd, so a test's next forumupd
 * is the one its action sends); returns its object id.
 */
export async function makePresent(s: TestServer, userId: number, room: 1 | 2, coordinate: number): Promise<number> {
  const k = s.testDb.db.kysely;
  const now = s.clock.now();
  const row = await k
    .selectFrom('world_objects')
    .select(['id', 'room'])
    .where('type', '=', 'master')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  let id: number;
  if (row) {
    await k.updateTable('world_objects').set({ room, coordinate, seen_at: now, updated_at: now }).where('id', '=', row.id).execute();
    if (row.room === 1 || row.room === 2) await forget(s, row.room, row.id);
    id = row.id;
  } else {
    const ins = await k
      .insertInto('world_objects')
      .values({ type: 'master', user_id: userId, room, coordinate, limit_at: null, seen_at: now, updated_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = ins.id;
  }
  const snap = await worldOf(s.ctx).snapshot(room);
  const master = await loadMaster(k, userId, now);
  snap.apply({ data: [master!.object] }, snap.bump(now));
  return id;
}

async function forget(s: TestServer, room: 1 | 2, id: number): Promise<void> {
  const snap = await worldOf(s.ctx).snapshot(room);
  snap.apply({ removed: [id] }, snap.bump(s.clock.now()));
}

/** Takes the player's master out of its room (what leave does), in the database and the snapshot. */
export async function makeAbsent(s: TestServer, userId: number): Promise<void> {
  const k = s.testDb.db.kysely;
  const row = await k
    .selectFrom('world_objects')
    .select(['id', 'room'])
    .where('type', '=', 'master')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await k.updateTable('world_objects').set({ room: null }).where('type', '=', 'master').where('user_id', '=', userId).execute();
  if (row && (row.room === 1 || row.room === 2)) await forget(s, row.room, row.id);
}

/** Ends the room's fan-out window: its batched forumupd goes out now. */
export function endWindow(s: TestServer): void {
  s.clock.advance(FANOUT_WINDOW_MS);
}

/** A registered player with a subscribed socket. */
export async function playerWithSocket(s: TestServer, n: string, open: TestSocket[]) {
  const player = await registerPlayer(s, n);
  const socket = await openSocket('socket.io', s.url, { cookie: player.client.cookieHeader() });
  open.push(socket);
  socket.send({ method: 'sync', token: player.user.ws_auth_token });
  expect(await socket.next('subscribe')).toMatchObject({ success: true });
  return { ...player, socket };
}

/** What a refusal must leave unchanged: the ledger and game tables, and every world row. */
export async function worldSnapshot(db: Db): Promise<Record<string, unknown>> {
  const k = db.kysely;
  return {
    game: await gameSnapshot(db),
    objects: await k.selectFrom('world_objects').selectAll().orderBy('id').execute(),
    votes: await k.selectFrom('inscription_votes').selectAll().orderBy('object_id').orderBy('user_id').execute(),
    chat: await k.selectFrom('chat_messages').selectAll().orderBy('id').execute(),
  };
}
