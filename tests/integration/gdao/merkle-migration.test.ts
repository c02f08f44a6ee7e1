/**
 * Migration 0190 on a database holding months published before it: each month gets the Merkle root of
 * its stored rows and each row its leaf hash (checked against node:crypto), an empty month the zero root,
 * and every month waits for its anchoring (`pending`). Both databases.
 */
import { createHash } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../../src/server/db/migrate';
import { dialectsFor } from '../../support/testDb';
import { emptyDb, migrationsWhere } from '../../support/migrationDb';

/** The leaf hash as the README writes it: sha256(0x00, u64 BE id, u64 BE activity, u256 BE amount). */
function leaf(id: number, activity: number, amount: bigint): string {
  const b = Buffer.alloc(49);
  b.writeBigUInt64BE(BigInt(id), 1);
  b.writeBigUInt64BE(BigInt(activity), 9);
  b.write(amount.toString(16).padStart(64, '0'), 17, 'hex');
  return createHash('sha256').update(b).digest('hex');
}

describe.each(dialectsFor(inject('pgAdminUrl')))('migration 0190 on %s', (dialect) => {
  it('gives months published before it their Merkle root and leaf hashes, all pending anchoring', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      const before = migrationsWhere(db, (name) => name < '0190');
      const r = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const user = (n: number) => ({
        name: `Old${n}`,
        name_key: `old${n}`,
        email_normalized: `old${n}@example.com`,
        email: `old${n}@example.com`,
        password_hash: 'x',
        investor_skin_id: 1,
        ref_code: `oldref${n}`,
        ws_auth_token: `ws${n}`,
        created_at: n,
        updated_at: n,
      });
      await k
        .insertInto('users')
        .values([user(1), user(2), user(3)])
        .execute();
      const ids = (await k.selectFrom('users').select('id').orderBy('id').execute()).map((u) => Number(u.id));
      await k
        .insertInto('gdao_distributions')
        .values([
          { month: '2026-08', budget: 0n, total_activity: 0, root_hash: 'x', created_at: 1 },
          { month: '2026-09', budget: 100n, total_activity: 6, root_hash: 'y', created_at: 2 },
        ])
        .execute();
      const amounts = [50n, 33n, 17n];
      await k
        .insertInto('gdao_distribution_rows')
        .values(
          ids.map((id, i) => ({
            month: '2026-09',
            user_id: id,
            own_activity: 3 - i,
            patron_activity: 0,
            activity: 3 - i,
            amount: amounts[i]!,
          })),
        )
        .execute();

      await migrate(db);
      const rows = await db.kysely.selectFrom('gdao_distribution_rows').select(['user_id', 'leaf_hash']).orderBy('user_id').execute();
      const leaves = ids.map((id, i) => leaf(id, 3 - i, amounts[i]!));
      expect(rows.map((x) => x.leaf_hash)).toEqual(leaves);
      const node = (a: string, b: string) =>
        createHash('sha256')
          .update(Buffer.concat([Buffer.from([1]), Buffer.from(a, 'hex'), Buffer.from(b, 'hex')]))
          .digest('hex');
      const months = await db.kysely
        .selectFrom('gdao_distributions')
        .select(['month', 'merkle_root', 'anchor_status', 'anchor_tx_hash'])
        .orderBy('month')
        .execute();
      expect(months).toEqual([
        { month: '2026-08', merkle_root: '0'.repeat(64), anchor_status: 'pending', anchor_tx_hash: null },
        { month: '2026-09', merkle_root: node(node(leaves[0]!, leaves[1]!), leaves[2]!), anchor_status: 'pending', anchor_tx_hash: null },
      ]);
    } finally {
      await destroy();
    }
  });
});
