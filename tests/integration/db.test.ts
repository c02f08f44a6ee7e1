/** The database layer on both dialects: migrations apply, and integers read back with the same types. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, dialectsFor, type TestDb } from '../support/testDb';

describe.each(dialectsFor(inject('pgAdminUrl')))('database on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => t?.destroy());

  it('reads ids as numbers and money-named columns as exact bigints', async () => {
    const big = 9_007_199_254_740_993n; // 2^53 + 1: not representable as a JS number
    const row = await sql<{ id: number; balance: bigint; n: number }>`
      select 7 as id, cast(${big.toString()} as bigint) as balance, 3 as n`.execute(t.db.kysely);
    expect(row.rows[0]).toEqual({ id: 7, balance: big, n: 3 });
  });

  it('refuses to read a large integer into a non-money column', async () => {
    await expect(sql`select cast('9007199254740993' as bigint) as id`.execute(t.db.kysely)).rejects.toThrow(/money column/);
  });

  it('creates the users table with its defaults', async () => {
    const now = Date.now();
    const inserted = await t.db.kysely
      .insertInto('users')
      .values({
        name: 'alice',
        email: 'a@x.io',
        email_normalized: 'a@x.io',
        password_hash: 'h',
        investor_skin_id: 1,
        ref_code: 'abc',
        ws_auth_token: 't',
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'level', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 1, level: -1, created_at: now });
  });
});
