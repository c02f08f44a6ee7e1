/**
 * A real database for fast unit tests of server money paths: SQLite in memory, migrated by the project's
 * own migrations (about 0.2 s), opened through the same db layer the server uses. No network, no files.
 */
import { openSqlite, type Db } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';
import type { Clock } from '../../../src/server/clock';

/** An empty, migrated in-memory SQLite database; close it after the test. */
export async function memoryDb(): Promise<Db> {
  const db = openSqlite(':memory:');
  await migrate(db);
  return db;
}

let seq = 0;

/** Inserts a player row (activated wallet, confirmed e-mail) at `level`; returns its id. */
export async function insertPlayer(db: Db, clock: Clock, level = 0): Promise<number> {
  seq += 1;
  const name = `unit${process.pid % 10_000}x${seq}`;
  const now = clock.now();
  const row = await db.kysely
    .insertInto('users')
    .values({
      name,
      name_key: name,
      email: `${name}@example.test`,
      email_normalized: `${name}@example.test`,
      password_hash: 'x',
      investor_skin_id: 1,
      email_confirmed: 1,
      completed_onboarding: 1,
      referrer_id: null,
      xp: 0,
      level,
      start_pack: 1,
      start_gas: 1,
      senator_until: null,
      patricius_until: null,
      is_admin: 0,
      created_at: now,
      updated_at: now,
      ref_code: `r${seq}${process.pid}`,
      ws_auth_token: `ws-${name}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
