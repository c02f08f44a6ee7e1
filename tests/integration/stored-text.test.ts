/**
 * Property: whatever string the product stores, SQLite and PostgreSQL hold the same bytes, and those are
 * the UTF-8 of the one normaliser's answer (well-formed, NFC, no NUL); player text (chat, names) comes
 * out without invisible format characters or controls. Random strings mix lone surrogates, pairs, NUL and
 * other controls, combining marks, zero-width and bidi characters, and plain text. Reproduce a failure
 * with TEXT_SEED=<printed seed>.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { mulberry32 } from '../../src/shared/mulberry32';
import { cleanPlayerText, isControl, isInvisibleFormat, normaliseStoredText } from '../../src/shared/text/normaliseText';
import type { Db } from '../../src/server/db/database';
import { createTestDb, dialectsFor, type TestDb } from '../support/testDb';

const seed = Number(process.env.TEXT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = 150;

/** Code units the generator draws from: the troublesome ones often, plain text too. */
const POOL = [
  0xd800, 0xdbff, 0xdc00, 0xdfff, 0x0000, 0x0007, 0x000a, 0x001b, 0x007f, 0x0085, 0x0301, 0x0308, 0x200b, 0x200d, 0x200e, 0x202e, 0x2066,
  0xfeff, 0x00ad, 0x0065, 0x0041, 0x00e9, 0x0438, 0x4e2d, 0x0020, 0x005f, 0xac00, 0x1100, 0x1161,
];

function randomText(rand: () => number): string {
  const n = Math.floor(rand() * 12);
  let out = '';
  for (let i = 0; i < n; i++) {
    // Sometimes a whole astral character (a valid surrogate pair).
    out += rand() < 0.1 ? '\u{1F600}' : String.fromCharCode(POOL[Math.floor(rand() * POOL.length)]!);
  }
  return out;
}

async function storedHex(db: Db, body: string): Promise<string> {
  await sql`delete from text_probe`.execute(db.kysely);
  await sql`insert into text_probe (id, body) values (${1}, ${body})`.execute(db.kysely);
  const q =
    db.dialect === 'postgres'
      ? sql<{ h: string }>`select encode(convert_to(body, 'UTF8'), 'hex') as h from text_probe`
      : sql<{ h: string }>`select lower(hex(cast(body as blob))) as h from text_probe`;
  return (await q.execute(db.kysely)).rows[0]!.h;
}

describe('stored text on every database', () => {
  const dbs: TestDb[] = [];
  beforeAll(async () => {
    for (const dialect of dialectsFor(inject('pgAdminUrl'))) {
      const t = await createTestDb(dialect, inject('pgAdminUrl'));
      await sql`create table text_probe (id integer primary key, body text not null)`.execute(t.db.kysely);
      dbs.push(t);
    }
  });
  afterAll(async () => {
    for (const t of dbs) await t.destroy();
  });

  it('holds the same bytes on both databases: the UTF-8 of the normaliser\u2019s answer', async () => {
    console.info(`[stored text] seed=${seed} runs=${RUNS} (TEXT_SEED=${seed} reproduces)`);
    const rand = mulberry32(seed);
    for (let i = 0; i < RUNS; i++) {
      const raw = randomText(rand);
      for (const input of [raw, cleanPlayerText(raw)]) {
        const expected = Buffer.from(normaliseStoredText(input), 'utf8').toString('hex');
        const held = await Promise.all(dbs.map((t) => storedHex(t.db, input)));
        expect({ seed, input: [...input].map((c) => c.codePointAt(0)!.toString(16)), held }).toEqual({
          seed,
          input: [...input].map((c) => c.codePointAt(0)!.toString(16)),
          held: held.map(() => expected),
        });
      }
      const clean = cleanPlayerText(raw);
      expect([...clean].filter((c) => isInvisibleFormat(c.codePointAt(0)!) || isControl(c.codePointAt(0)!))).toEqual([]);
      expect(normaliseStoredText(clean)).toBe(clean);
    }
  });
});
