/**
 * The round's capacity (ECONOMY.md "The mining pool banks the round within a published capacity"): each
 * round records K (`capacity`, c × the pool at the open) and Σ G reserved against it (`reserved`, raised by
 * one conditional update per join so it can never pass K, on any node); each reservation is a row of
 * `round_reservations` (the risk, stake S and claim G it holds); `eidols.joined_at` orders the carried-over
 * eidols reserved at the next open; a round entry keeps the stake its eidol reserved and whether it sat out.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Adds the capacity columns and the reservations table. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  void dialect;
  await db.schema
    .alterTable('rounds')
    .addColumn('capacity', int64, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('rounds')
    .addColumn('reserved', int64, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('eidols').addColumn('joined_at', int64).execute();
  await db.schema.alterTable('round_entries').addColumn('reserved_stake', int64).execute();
  await db.schema
    .alterTable('round_entries')
    .addColumn('sat_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('round_reservations')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
    .addColumn('eidol_id', 'integer', (c) => c.notNull().references('eidols.id'))
    .addColumn('risk', 'varchar(16)', (c) => c.notNull())
    .addColumn('stake', int64, (c) => c.notNull().check(sql`stake >= 0`))
    .addColumn('claim', int64, (c) => c.notNull().check(sql`claim >= 0`))
    .addColumn('created_at', int64, (c) => c.notNull())
    .addPrimaryKeyConstraint('round_reservations_pkey', ['round_id', 'eidol_id'])
    .execute();
}
