/** Request records (one per money-moving request key of a player) and the two-stage transactions. */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `request_records` and `transactions`. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  // The key is scoped by player: two players choosing the same key are two records, never one.
  await db.schema
    .createTable('request_records')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('request_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'char(64)', (c) => c.notNull())
    // Null only inside the transaction that claimed the key; it commits together with the result.
    .addColumn('result', 'text')
    .addColumn('created_at', int64, (c) => c.notNull())
    .addPrimaryKeyConstraint('request_records_pkey', ['user_id', 'request_key'])
    .execute();
  await db.schema.createIndex('request_records_created').on('request_records').column('created_at').execute();

  await db.schema
    .createTable('transactions')
    // Public and random: the id travels in the URL of the commit, so it must not be guessable.
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().check(sql`status in ('new', 'pending', 'success', 'fail')`))
    // The feature's precalculated request (JSON, bigints kept exact).
    .addColumn('payload', 'text', (c) => c.notNull())
    // The gas of the precalculation in units of each asset (BNB 9, ANGLS 8, USDC 6 decimals).
    .addColumn('bnb_fee', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`bnb_fee >= 0`),
    )
    .addColumn('ngls_fee', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`ngls_fee >= 0`),
    )
    .addColumn('busd_fee', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`busd_fee >= 0`),
    )
    // What the commit answered (JSON) on success/pending, the player's message on fail.
    .addColumn('result', 'text')
    .addColumn('message', 'varchar(255)')
    .addColumn('expires_at', int64, (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  // The expiry sweep reads only transactions still waiting: its cost never grows with history.
  await db.schema
    .createIndex('transactions_new_expiry')
    .on('transactions')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'new')
    .execute();
  await db.schema.createIndex('transactions_user').on('transactions').columns(['user_id', 'created_at']).execute();
}
