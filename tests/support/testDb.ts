/** Throw-away real databases for tests: a temp SQLite file, or a fresh PostgreSQL database dropped after. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { openPostgres, openSqlite, type Db, type DialectName } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';

/** A migrated test database plus the URL/file it lives at and how to remove it. */
export interface TestDb {
  db: Db;
  /** For SQLite the file path; for PostgreSQL the connection URL (a child process can open it too). */
  location: string;
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
}

function adminUrlFor(adminUrl: string, dbName: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** Creates an empty, migrated database of `dialect`; `pgAdminUrl` comes from `inject('pgAdminUrl')`. */
export async function createTestDb(dialect: DialectName, pgAdminUrl = ''): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-test-'));
    const file = path.join(dir, 'test.sqlite');
    const db = openSqlite(file);
    await migrate(db);
    return {
      db,
      location: file,
      destroy: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!pgAdminUrl) throw new Error('PostgreSQL is not available for this run');
  const name = `aeon_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrlFor(pgAdminUrl, name);
  const db = openPostgres(url);
  await migrate(db);
  return {
    db,
    location: url,
    destroy: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: pgAdminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** The dialects this run can test: always SQLite, PostgreSQL when reachable. */
export function dialectsFor(pgAdminUrl: string): DialectName[] {
  return pgAdminUrl ? ['sqlite', 'postgres'] : ['sqlite'];
}
