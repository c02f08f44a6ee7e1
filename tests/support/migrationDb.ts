/** Empty databases for migration tests, and the product's migrations up to a point, as kysely runs them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { Migration } from 'kysely';
import { inject } from 'vitest';
import { openPostgres, openSqlite, type Db, type DialectName } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';

/** An empty database of `dialect` (a temp SQLite file, or a fresh PostgreSQL database) and how to remove it. */
export async function emptyDb(dialect: DialectName): Promise<{ db: Db; destroy(): Promise<void> }> {
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

/** The product's migrations whose names pass `keep`, bound to `db`'s dialect for a kysely Migrator. */
export function migrationsWhere(db: Db, keep: (name: string) => boolean): Record<string, Migration> {
  const out: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) if (keep(name)) out[name] = { up: (k) => m.up(k, db.dialect) };
  return out;
}
