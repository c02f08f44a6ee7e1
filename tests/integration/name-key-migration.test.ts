/** Migration 0080 on a database with players of before it: their (ASCII) names get their key, and it is unique. */
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { nicknameKey } from '../../src/shared/rules/nickname';
import { uniqueViolationField } from '../../src/server/domain/auth/uniqueViolation';
import { dialectsFor } from '../support/testDb';
import { emptyDb, migrationsWhere } from '../support/migrationDb';

describe.each(dialectsFor(inject('pgAdminUrl')))('migration 0080 on %s', (dialect) => {
  it('keys the names of existing players as the register path would, and refuses a second one in another case', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      const before = migrationsWhere(db, (name) => name < '0080');
      const r = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const user = (name: string, n: number) => ({
        name,
        email_normalized: `old${n}@example.com`,
        email: `old${n}@example.com`,
        password_hash: 'x',
        investor_skin_id: 1,
        ref_code: `oldref${n}`,
        ws_auth_token: `ws${n}`,
        created_at: n,
        updated_at: n,
      });
      await k
        .insertInto('users')
        .values([user('Player_One', 1), user('ab-CD_9', 2)])
        .execute();

      await migrate(db);
      const rows = await db.kysely.selectFrom('users').select(['name', 'name_key']).orderBy('id').execute();
      expect(rows).toEqual([
        { name: 'Player_One', name_key: nicknameKey('Player_One') },
        { name: 'ab-CD_9', name_key: nicknameKey('ab-CD_9') },
      ]);
      const again = db.kysely
        .insertInto('users')
        .values({ ...user('PLAYER_ONE_', 3), name: 'PLAYER_ONE\u00AD', name_key: 'player_one' })
        .execute();
      expect(
        await again.then(
          () => undefined,
          (e: unknown) => uniqueViolationField(e),
        ),
      ).toBe('name');
    } finally {
      await destroy();
    }
  });
});
