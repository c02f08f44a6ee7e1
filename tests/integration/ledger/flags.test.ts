/**
 * Account flags follow from the owner and the database enforces the rule: a player, an eidol or a pool
 * must not go negative, `genesis` and `chain_custody` must not go positive, and no row can say otherwise
 * (a CHECK on PostgreSQL, triggers on SQLite). Both databases.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import {
  ACCOUNT_FLAGS,
  SYSTEM_ACCOUNTS,
  createLedger,
  eidolAccount,
  ensureAccount,
  flagsOf,
  getAccount,
  playerAccount,
  systemAccount,
  type Ledger,
  type SystemAccountName,
} from '../../../src/server/ledger/index';

const { MUST_NOT_GO_NEGATIVE: NEG, MUST_NOT_GO_POSITIVE: POS } = ACCOUNT_FLAGS;

describe.each(dialectsFor(inject('pgAdminUrl')))('account flags on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();

  const insert = (ownerKind: string, ownerId: number, name: string, flags: number) =>
    sql`insert into ledger_accounts (asset, owner_kind, owner_id, name, flags, balance, debits_pending, credits_pending, version, created_at)
      values ('ANGLS', ${ownerKind}, ${ownerId}, ${name}, ${flags}, 0, 0, 0, 0, 0)`.execute(t.db.kysely);

  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, clock);
  });
  afterAll(() => destroyQuietly(t));

  it('derives the flags from the owner when the API opens an account', async () => {
    await ledger.run(async (tx) => {
      const flags = async (id: Promise<number>) => (await getAccount(tx.kysely, await id))!.flags;
      expect(await flags(playerAccount(tx, 1, 'ANGLS'))).toBe(NEG);
      expect(await flags(eidolAccount(tx, 1))).toBe(NEG);
      for (const name of Object.keys(SYSTEM_ACCOUNTS) as SystemAccountName[]) {
        expect(await flags(systemAccount(tx, name, 'USDC')), name).toBe(SYSTEM_ACCOUNTS[name]);
      }
      // An owner the product has no name for yet still gets the safe side.
      expect(await flags(ensureAccount(tx, { ownerKind: 'system', ownerId: 0, name: 'new_pool', asset: 'ANGLS' }))).toBe(NEG);
    });
    expect(flagsOf('system', 'genesis')).toBe(POS);
    expect(flagsOf('system', 'chain_custody')).toBe(POS);
  });

  it('refuses a stored account whose flags do not follow its owner', async () => {
    await expect(insert('player', 50, 'main', 0)).rejects.toThrow(/ledger_accounts_flags_follow_owner/);
    await expect(insert('player', 51, 'main', POS)).rejects.toThrow(/ledger_accounts_flags_follow_owner/);
    await expect(insert('eidol', 52, 'main', NEG | POS)).rejects.toThrow(/ledger_accounts_flags_follow_owner/);
    await expect(insert('system', 53, 'genesis', NEG)).rejects.toThrow(/ledger_accounts_flags_follow_owner/);
    await expect(insert('system', 54, 'mining_pool', POS)).rejects.toThrow(/ledger_accounts_flags_follow_owner/);
    await insert('player', 55, 'main', NEG);
    await insert('system', 56, 'chain_custody', POS);
    const stored = await t.db.kysely
      .selectFrom('ledger_accounts')
      .select('owner_id')
      .where('owner_id', '>=', 50)
      .where('owner_id', '<=', 56)
      .execute();
    expect(stored.map((r) => r.owner_id).sort()).toEqual([55, 56]);
  });

  it('refuses to change the flags, or the owner under them, afterwards', async () => {
    const player = await ledger.run((tx) => playerAccount(tx, 60, 'ANGLS'));
    const genesis = await ledger.run((tx) => systemAccount(tx, 'genesis', 'ANGLS'));
    await expect(sql`update ledger_accounts set flags = 0 where id = ${player}`.execute(t.db.kysely)).rejects.toThrow(/flags_follow_owner/);
    await expect(sql`update ledger_accounts set flags = ${NEG} where id = ${genesis}`.execute(t.db.kysely)).rejects.toThrow(
      /flags_follow_owner/,
    );
    // Renaming genesis into a pool would keep the "never positive" flag on an account that must never go negative.
    await expect(sql`update ledger_accounts set name = 'treasury_2' where id = ${genesis}`.execute(t.db.kysely)).rejects.toThrow(
      /flags_follow_owner/,
    );
    await expect(
      sql`update ledger_accounts set owner_kind = 'system', name = 'genesis' where id = ${player}`.execute(t.db.kysely),
    ).rejects.toThrow(/flags_follow_owner/);
    expect((await getAccount(t.db.kysely, player))!.flags).toBe(NEG);
    expect((await getAccount(t.db.kysely, genesis))!).toMatchObject({ flags: POS, name: 'genesis' });
  });
});
