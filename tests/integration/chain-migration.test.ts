/**
 * The chain migration's number: a database that already ran every migration up to 0080 (main before the
 * chain) takes 0090_chain; the same migration numbered below one already run would be refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { Migrator, type Migration } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, openSqlite, type Db, type DialectName } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
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

/** The product's migrations whose names pass `keep`, as kysely runs them on `db`. */
function subset(db: Db, keep: (name: string) => boolean): Record<string, Migration> {
  const out: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) if (keep(name)) out[name] = { up: (k) => m.up(k, db.dialect) };
  return out;
}

describe.each(dialectsFor(inject('pgAdminUrl')))('chain migration on %s', (dialect) => {
  it('comes after every migration an existing database may have run, so such a database takes it', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      // Later chain migrations (0100 sweeps) follow it; 0090 is the last of those a pre-chain database lacks up to it.
      expect(Object.keys(migrations).filter((n) => n < '0100').at(-1)).toBe('0090_chain');
      const before = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => subset(db, (n) => n < '0090') } }).migrateToLatest();
      expect(before.error).toBeUndefined();

      // Numbered 0060, the chain tables would be refused on this database: kysely runs migrations in name order only.
      const misnumbered = { ...subset(db, (n) => n < '0090'), '0060_chain': { up: (k: Parameters<Migration['up']>[0]) => migrations['0090_chain']!.up(k, db.dialect) } };
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
