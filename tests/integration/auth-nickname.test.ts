/**
 * Nicknames of every script through the real server, on both databases: letters with accents, Cyrillic and
 * CJK, digits, - and _ register; spaces, markup and look-alike script mixes are refused with the text that says what is allowed; one
 * name cannot be taken twice in another case, normal form or width, also by racing registrations.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userSchema } from '../../src/shared/api/user';
import { NICKNAME_CHARACTERS, NICKNAME_MIXED_SCRIPTS, NICKNAME_TOO_LONG } from '../../src/shared/rules/nickname';
import { uniqueViolationField } from '../../src/server/domain/auth/uniqueViolation';
import { dialectsFor } from '../support/testDb';
import { countRows, registration, startTestServer, type TestServer } from '../support/server';

const TAKEN = { name: ['The name has already been taken.'] };

describe.each(dialectsFor(inject('pgAdminUrl')))('nicknames on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => s?.close());

  it('registers "Zoë-李_42" and keeps it as typed (in NFC)', async () => {
    const res = await s.client().post('/api/auth/register', registration('nick1', { name: 'Zoe\u0308-李_42' }));
    expect(res.status).toBe(200);
    expect(userSchema.parse(res.body.data).name).toBe('Zoë-李_42');
    const row = await s.testDb.db.kysely
      .selectFrom('users')
      .select(['name', 'name_key'])
      .where('name', '=', 'Zoë-李_42')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Zoë-李_42', name_key: 'zoë-李_42' });
  });

  it.each([
    ['Cyrillic', 'Дмитрий_7'],
    ['Greek with accents', 'Ωκεανός'],
    ['Devanagari with vowel signs', 'देवनागरी'],
    ['Arabic digits', 'لاعب٣٤'],
    ['32 CJK characters', '李'.repeat(32)],
    ['32 astral CJK characters', '𠀀'.repeat(32)],
  ])('registers a name in %s', async (_label, name) => {
    const res = await s.client().post('/api/auth/register', registration(`n${Math.random().toString(36).slice(2, 8)}`, { name }));
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(name);
  });

  it.each([
    ['a space', 'a b', NICKNAME_CHARACTERS],
    ['markup', '<x>', NICKNAME_CHARACTERS],
    ['an emoji', 'fox🦊fox', NICKNAME_CHARACTERS],
    ['a right-to-left override', 'abc\u202Edef', NICKNAME_CHARACTERS],
    ['a zero-width joiner', 'ab\u200Dcd', NICKNAME_CHARACTERS],
    ['a leading combining mark', '\u0301abc', NICKNAME_CHARACTERS],
    ['33 CJK characters', '李'.repeat(33), NICKNAME_TOO_LONG],
    ['a Cyrillic о among Latin letters', 'GоldenStern', NICKNAME_MIXED_SCRIPTS],
  ])('refuses a name with %s with 422, the rule in words, and writes nothing', async (_label, name, text) => {
    const before = await Promise.all([countRows(s, 'users'), countRows(s, 'tokens')]);
    const res = await s.client().post('/api/auth/register', registration(`r${Math.random().toString(36).slice(2, 8)}`, { name }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: text, errors: { name: [text] } });
    expect(await Promise.all([countRows(s, 'users'), countRows(s, 'tokens')])).toEqual(before);
  });

  it('refuses the same name in another case, normal form or width', async () => {
    expect((await s.client().post('/api/auth/register', registration('same0', { name: 'Ёлка_Йо' }))).status).toBe(200);
    expect((await s.client().post('/api/auth/register', registration('wide0', { name: 'Zoë_Wide' }))).status).toBe(200);
    const users = await countRows(s, 'users');
    for (const [i, name] of ['ёлка_йо', 'ЁЛКА_ЙО', 'Ёлка_И\u0306о', 'ZOË_WIDE', 'ＺＯＥ\u0308_ｗｉｄｅ'].entries()) {
      const res = await s.client().post('/api/auth/register', registration(`same${i + 1}`, { name }));
      expect(res.status, name).toBe(422);
      expect(res.body.errors).toEqual(TAKEN);
    }
    expect(await countRows(s, 'users')).toBe(users);
  });

  it('lets exactly one of five concurrent registrations of one name in different cases through', async () => {
    const users = await countRows(s, 'users');
    const names = ['Ærøskøbing', 'ærøskøbing', 'ÆRØSKØBING', 'ærØskøbing', 'ÆrøskøbinG'];
    const results = await Promise.all(
      names.map((name, i) => s.client().post('/api/auth/register', registration(`race_nick${i}`, { name }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors).toEqual(TAKEN);
    expect(await countRows(s, 'users')).toBe(users + 1);
  });

  it('names the name field when the folded-name index refuses a duplicate', async () => {
    const base = {
      name: 'Fold_One',
      name_key: 'fold_one',
      email: 'fold@example.com',
      email_normalized: 'fold@example.com',
      password_hash: 'h',
      investor_skin_id: 1,
      ref_code: 'foldcode1',
      ws_auth_token: 'fold-token',
      created_at: 1,
      updated_at: 1,
    };
    await s.testDb.db.kysely.insertInto('users').values(base).execute();
    const again = {
      ...base,
      name: 'FOLD_ONE\u200B',
      email: 'fold2@example.com',
      email_normalized: 'fold2@example.com',
      ref_code: 'foldcode2',
      ws_auth_token: 'fold-token2',
    };
    const field = await s.testDb.db.kysely
      .insertInto('users')
      .values(again)
      .execute()
      .then(
        () => undefined,
        (e: unknown) => uniqueViolationField(e),
      );
    expect(field).toBe('name');
  });
});
