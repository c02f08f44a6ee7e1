/**
 * Migration 0170 on a database with history: a chain whose rounds 1–2 settled under the salt rule keeps
 * them there (block_rule_from = 3, the first unsettled round), a chain created earlier and used up stays
 * salt throughout, and the chains listing publishes both rules.
 */
import { Migrator } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../../src/server/db/migrate';
import { loadChains } from '../../../src/server/domain/fairness/chainList';
import { dialectsFor } from '../../support/testDb';
import { emptyDb, migrationsWhere } from '../../support/migrationDb';

describe.each(dialectsFor(inject('pgAdminUrl')))('round blocks migration on %s', (dialect) => {
  it('keeps settled rounds under the salt rule and keys every later round by a block', async () => {
    const { db, destroy } = await emptyDb(dialect);
    try {
      const before = await new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrationsWhere(db, (n) => n < '0170') },
      }).migrateToLatest();
      expect(before.error).toBeUndefined();
      const k = db.kysely;
      // Chain 1 (rounds 1–2) used up and settled; chain 2 (rounds 3–6) has rounds 3 and 4 settled, 5 open.
      const chain = (first: number, length: number) =>
        k
          .insertInto('fairness_chains')
          .values({ terminal_hash: String(first).repeat(64), salt: `s${first}`, length, first_round_id: first, created_at: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
      const c1 = (await chain(1, 2)).id;
      const c2 = (await chain(3, 4)).id;
      const round = (id: number, chainId: number, position: number, settled: boolean) =>
        k
          .insertInto('rounds')
          .values({
            id,
            chain_id: chainId,
            position,
            hash: 'b'.repeat(64),
            opens_at: 0,
            can_act_before: 1,
            ends_at: 2,
            settled_at: settled ? 3 : null,
            threshold_units: settled ? 1 : null,
          })
          .execute();
      await round(1, c1, 1, true);
      await round(2, c1, 2, true);
      await round(3, c2, 1, true);
      await round(4, c2, 2, true);
      await round(5, c2, 3, false);

      await migrate(db);
      const rows = await k.selectFrom('fairness_chains').select(['id', 'block_rule_from']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, Number(r.block_rule_from)])).toEqual([
        [c1, 3],
        [c2, 5],
      ]);
      expect(await k.selectFrom('rounds').select(['block_number', 'block_hash']).where('id', '=', 5).executeTakeFirstOrThrow()).toEqual({
        block_number: null,
        block_hash: null,
      });
      const listed = await loadChains(k);
      expect(listed.map((c) => [c.id, c.salt_rule, c.block_rule_from, c.first_round_id, c.last_round_id])).toEqual([
        [c2, 'salt_then_block', 5, 3, 4],
        [c1, 'salt', null, 1, 2],
      ]);
    } finally {
      await destroy();
    }
  });
});
