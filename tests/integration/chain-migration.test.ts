/**
 * The chain migration's number: a database that already ran every migration up to 0080 (main before the
 * chain) takes 0090_chain; the same migration numbered below one already run would be refused.
 */
import { Migrator, type Migration } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { dialectsFor } from '../support/testDb';
import { emptyDb, migrationsWhere } from '../support/migrationDb';

describe.each(dialectsFor(inject('pgAdminUrl')))('chain migration on %s', (dialect) => {
  it('comes after every migration an existing database may have run, so such a database takes it', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      // Later chain migrations (0100 sweeps) follow it; 0090 is the last of those a pre-chain database lacks up to it.
      expect(
        Object.keys(migrations)
          .filter((n) => n < '0100')
          .at(-1),
      ).toBe('0090_chain');
      const before = await new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrationsWhere(db, (n) => n < '0090') },
      }).migrateToLatest();
      expect(before.error).toBeUndefined();

      // Numbered 0060, the chain tables would be refused on this database: kysely runs migrations in name order only.
      const misnumbered = {
        ...migrationsWhere(db, (n) => n < '0090'),
        '0060_chain': { up: (k: Parameters<Migration['up']>[0]) => migrations['0090_chain']!.up(k, db.dialect) },
      };
      const refused = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => misnumbered } }).migrateToLatest();
      expect(String(refused.error)).toMatch(/corrupted migrations/);

      await migrate(db);
      for (const table of ['deposit_addresses', 'chain_cursors', 'chain_deposits', 'chain_withdrawals', 'chain_sweeps'] as const) {
        expect(await db.kysely.selectFrom(table).selectAll().execute()).toEqual([]);
      }
    } finally {
      await destroy();
    }
  });
});
