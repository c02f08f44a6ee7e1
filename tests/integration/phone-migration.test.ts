/** Migration 0220 on a database of before it: the epic starter pack reads "An epic Eidol egg"; nothing else changes. */
import { Migrator } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { dialectsFor } from '../support/testDb';
import { emptyDb, migrationsWhere } from '../support/migrationDb';

describe.each(dialectsFor(inject('pgAdminUrl')))('migration 0220 on %s', (dialect) => {
  it('puts "An" before "epic" in the starter packs and leaves the other descriptions as they were', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      const before = migrationsWhere(db, (name) => name < '0220');
      const r = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const read = () => db.kysely.selectFrom('shop_items').select(['id', 'description']).orderBy('id').execute();
      const old = await read();
      expect(old.some((row) => row.description.includes('A epic'))).toBe(true);

      await migrate(db);
      const now = await read();
      expect(now.filter((row) => /\bA epic\b/.test(row.description))).toEqual([]);
      const fixed = new Set(old.filter((row) => row.description.includes('<p>A epic ')).map((row) => row.id));
      for (const row of now.filter((r) => fixed.has(r.id))) expect(row.description).toMatch(/^<p>An epic Eidol egg of value/);
      // Every other row is untouched.
      expect(now.filter((row) => !fixed.has(row.id))).toEqual(old.filter((row) => !fixed.has(row.id)));
    } finally {
      await destroy();
    }
  });
});
