/**
 * The settlement reads its snapshot in pages (SQLite: by id under the write lock; PostgreSQL: one cursor)
 * and must see exactly what one query sees: the same participants, in the same order, over several pages.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from '../ledger/support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import { loadSnapshot } from '../../../src/server/domain/rounds/roundSnapshot';
import { NEXT_LEVEL_XP } from '../../../src/shared/rules/round/economyConfig';
import { createLedger, ensureGenesis, flagsOf, postBulk, systemAccount } from '../../../src/server/ledger/index';

/** Enough for more than two pages of participants (1,024 rows each) once the filters leave some out. */
const EIDOLS = 6000;
const NOW = Date.UTC(2026, 0, 1);

describe.each(dialectsFor(inject('pgAdminUrl')))('round snapshot pages on %s', (dialect) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    const clock = manualClock(NOW);
    await ensureGenesis(t.db, clock);
    const k = t.db.kysely;
    await k
      .insertInto('users')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          name: `p${i}`,
          email_normalized: `p${i}@x.test`,
          email: `p${i}@x.test`,
          password_hash: 'x',
          investor_skin_id: 1,
          ref_code: `r${i}`,
          referrer_id: null,
          senator_until: null,
          patricius_until: null,
          ws_auth_token: `t${i}`,
          created_at: NOW,
          updated_at: NOW,
          level: i === 9 ? -1 : 1,
        })),
      )
      .execute();
    const users = (await k.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
    for (let from = 0; from < EIDOLS; from += 500) {
      await k
        .insertInto('eidols')
        .values(
          Array.from({ length: Math.min(500, EIDOLS - from) }, (_, j) => {
            const i = from + j;
            const egg = i % 7 === 0;
            return {
              user_id: users[i % users.length]!,
              type: egg ? ('egg' as const) : i % 13 === 0 ? ('ectoplasm' as const) : ('ogle' as const),
              rarity: 'common' as const,
              collection: 'basic',
              skin_name: 'b',
              skin_image: 'x',
              source: 'egg1',
              level: 1,
              experience: i % 50,
              risk: i % 11 === 0 ? '0' : i % 17 === 0 ? 'bad' : '0.25',
              yieldy: i % 11,
              hatch_value: 100n,
              top_value: 100n,
              no_loss_value: 100n,
              hatched_at: egg ? null : NOW,
              created_at: i % 19 === 0 ? NOW + 1 : NOW - 1,
              updated_at: NOW,
              is_locked: i % 23 === 0 ? 1 : 0,
              closed_at: i % 29 === 0 ? NOW : null,
            };
          }),
        )
        .execute();
    }
    const eidols = await k.selectFrom('eidols').select('id').orderBy('id').execute();
    // Accounts for most eidols (setup shortcut), funded through the ledger; some stay empty or absent.
    const funded = eidols.filter((e) => e.id % 5 !== 0);
    for (let from = 0; from < funded.length; from += 1000) {
      await k
        .insertInto('ledger_accounts')
        .values(
          funded.slice(from, from + 1000).map((e) => ({
            asset: 'ANGLS',
            owner_kind: 'eidol' as const,
            owner_id: e.id,
            name: 'main',
            flags: flagsOf('eidol', 'main'),
            balance: 0n,
            debits_pending: 0n,
            credits_pending: 0n,
            version: 0,
            created_at: NOW,
          })),
        )
        .execute();
    }
    const accounts = await k.selectFrom('ledger_accounts').select(['id', 'owner_id']).where('owner_kind', '=', 'eidol').execute();
    const ledger = createLedger(t.db, clock);
    await ledger.run(async (tx) => {
      const genesis = await systemAccount(tx, 'genesis', 'ANGLS');
      await postBulk(
        tx,
        accounts
          .filter((a) => a.owner_id % 3 !== 0)
          .map((a) => ({ id: `fund:${a.owner_id}`, debit: genesis, credit: a.id, amount: BigInt(a.owner_id), code: 'test' })),
      );
    });
  });
  afterAll(() => destroyQuietly(t));

  it('reads the same participants page by page as in one query', async () => {
    const whole = await loadSnapshot(t.db.kysely, { roundId: 1, lockedAt: NOW });
    let pauses = 0;
    const paged = await createLedger(t.db, manualClock(NOW)).run((tx) =>
      loadSnapshot(tx.kysely, { roundId: 1, lockedAt: NOW }, { dialect: tx.dialect, pause: async () => void (pauses += 1) }),
    );
    expect(whole.rows.length).toBeGreaterThan(1024 * 2);
    expect(paged).toEqual(whole);
    // One pause per page read: at least one per 1,024 participants.
    expect(pauses).toBeGreaterThanOrEqual(Math.ceil(whole.rows.length / 1024));
    expect(whole.unreadable.length).toBeGreaterThan(0);
    // Eggtoplasm (level 1, bar 24) takes part while filling, whatever its value, and sits out once full.
    const ecto = whole.rows.filter((r) => r.eidol.type === 'ectoplasm');
    expect(ecto.length).toBeGreaterThan(0);
    expect(ecto.every((r) => r.dbType === 'ectoplasm' && r.eidol.xp < NEXT_LEVEL_XP[1]!)).toBe(true);
    expect(ecto.some((r) => r.eidol.value === 0n)).toBe(true);
  });
});
