/** Kept SQLite statements: one per SQL text, never a busy one handed out twice, bounded, and through Kysely. */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { STATEMENT_CACHE_SIZE, withStatementCache } from '../../../../src/server/db/statementCache';

describe('withStatementCache', () => {
  let raw: SQLite.Database;
  afterEach(() => raw?.open && raw.close());

  const open = () => {
    raw = new SQLite(':memory:');
    raw.exec('create table t (id integer primary key, v text)');
    return withStatementCache(raw);
  };

  it('answers the same statement for the same SQL text, and another for another text', () => {
    const db = open();
    const a = db.prepare('select v from t where id = ?');
    expect(db.prepare('select v from t where id = ?')).toBe(a);
    expect(db.prepare('select id from t where id = ?')).not.toBe(a);
  });

  it('answers a fresh statement while the kept one is still iterating', () => {
    const db = open();
    raw.exec("insert into t (v) values ('a'), ('b')");
    const kept = db.prepare('select v from t order by id');
    const it = kept.iterate([]);
    it.next();
    const other = db.prepare('select v from t order by id');
    expect(other).not.toBe(kept);
    expect(other.all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
    it.return?.();
    expect(db.prepare('select v from t order by id')).toBe(kept);
  });

  it('starts over past STATEMENT_CACHE_SIZE texts', () => {
    const db = open();
    const first = db.prepare('select 0');
    for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) db.prepare(`select ${i}`);
    expect(db.prepare('select 0')).not.toBe(first);
  });

  it('keeps answering through Kysely after a schema change, and closes the database', async () => {
    const db = open();
    const k = new Kysely<{ t: { id: number; v: string } }>({ dialect: new SqliteDialect({ database: db }) });
    await k.insertInto('t').values({ id: 1, v: 'x' }).execute();
    expect(await k.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, v: 'x' }]);
    await sql`alter table t add column w text`.execute(k);
    expect(await k.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, v: 'x', w: null }]);
    await k.destroy();
    expect(raw.open).toBe(false);
  });
});
