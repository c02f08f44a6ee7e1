/** Migration 0040 on a database with sessions of before it: guest rows go, players' rows get public ids. */
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { loadSession } from '../../src/server/domain/auth/sessions';
import { sha256Hex } from '../../src/server/domain/auth/secrets';
import { dialectsFor } from '../support/testDb';
import { emptyDb, migrationsWhere } from '../support/migrationDb';

describe.each(dialectsFor(inject('pgAdminUrl')))('migration 0040 on %s', (dialect) => {
  it('drops guest sessions and gives existing player sessions a public id; they stay valid', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      const before = migrationsWhere(db, (name) => name < '0040');
      const r = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const now = Date.now();
      const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await k
        .insertInto('users')
        .values({
          name: 'old',
          email_normalized: 'old@example.com',
          email: 'old@example.com',
          password_hash: 'x',
          investor_skin_id: 1,
          ref_code: 'oldref',
          ws_auth_token: 'ws',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const user = (await k.selectFrom('users').select('id').executeTakeFirstOrThrow()).id as number;
      const cookies = ['player-a', 'player-b'];
      for (const c of cookies) {
        await k
          .insertInto('sessions')
          .values({ id: sha256Hex(c), user_id: user, data: JSON.stringify({ csrf: 't' }), expires_at: now + 60_000, created_at: now })
          .execute();
      }
      await k
        .insertInto('sessions')
        .values({ id: sha256Hex('guest'), user_id: null, data: JSON.stringify({ csrf: 't' }), expires_at: now + 60_000, created_at: now })
        .execute();

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
