/** Migration 0040 on a database with sessions of before it: guest rows go, players' rows get public ids. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, openSqlite, type Db, type DialectName } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { loadSession } from '../../src/server/domain/auth/sessions';
import { sha256Hex } from '../../src/server/domain/auth/secrets';
import { dialectsFor } from '../support/testDb';

/** An empty database of `dialect` and how to remove it. */
async function emptyDb(dialect: DialectName): Promise<{ db: Db; destroy(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-mig-'));
    const db = openSqlite(path.join(dir, 'm.sqlite'));
    return { db, destroy: async () => (await db.close(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `aeon_m_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const db = openPostgres(u.toString());
  return { db, destroy: async () => (await db.close(), await admin(`drop database if exists ${name} with (force)`)) };
}

describe.each(dialectsFor(inject('pgAdminUrl')))('migration 0040 on %s', (dialect) => {
  it('drops guest sessions and gives existing player sessions a public id; they stay valid', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      const before: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) if (name < '0040') before[name] = { up: (k) => m.up(k, db.dialect) };
      const r = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const now = Date.now();
      const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await k
        .insertInto('users')
        .values({ name: 'old', email_normalized: 'old@example.com', email: 'old@example.com', password_hash: 'x', investor_skin_id: 1, ref_code: 'oldref', ws_auth_token: 'ws', created_at: now, updated_at: now })
        .execute();
      const user = (await k.selectFrom('users').select('id').executeTakeFirstOrThrow()).id as number;
      const cookies = ['player-a', 'player-b'];
      for (const c of cookies) {
        await k.insertInto('sessions').values({ id: sha256Hex(c), user_id: user, data: JSON.stringify({ csrf: 't' }), expires_at: now + 60_000, created_at: now }).execute();
      }
      await k.insertInto('sessions').values({ id: sha256Hex('guest'), user_id: null, data: JSON.stringify({ csrf: 't' }), expires_at: now + 60_000, created_at: now }).execute();

      await migrate(db);
      const rows = await db.kysely.selectFrom('sessions').select(['id', 'public_id', 'user_id']).orderBy('id').execute();
      expect(rows).toHaveLength(2);
      expect(rows.every((x) => x.user_id === user)).toBe(true);
      expect(new Set(rows.map((x) => x.public_id)).size).toBe(2);
      for (const x of rows) expect(x.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      for (const c of cookies) expect((await loadSession(db.kysely, c, now))?.userId).toBe(user);
      expect(await loadSession(db.kysely, 'guest', now)).toBeUndefined();
    } finally {
      await destroy();
    }
  });
});
