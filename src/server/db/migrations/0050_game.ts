/**
 * The core loop: eidols (their value is their ledger account's balance, never a column here), rounds,
 * each round's settled snapshot (the verify and replay input, and every eidol's bet/win history), and the
 * committed fairness chains (the secret checkpoints from which each round's hash is recomputed).
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

/** Creates `eidols`, `rounds`, `round_entries`, `fairness_chains` and `fairness_checkpoints`. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('eidols'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(12)', (c) => c.notNull().check(sql`type in ('egg', 'ectoplasm', 'ogle')`))
    .addColumn('rarity', 'varchar(12)', (c) => c.notNull().check(sql`rarity in ('common', 'rare', 'epic', 'mythic')`))
    .addColumn('collection', 'varchar(16)', (c) => c.notNull())
    .addColumn('skin_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('skin_image', 'varchar(64)', (c) => c.notNull())
    // How it came: 'free' (the one free egg: unique per player below) or the shop tier 'egg1'..'egg4'.
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`level >= 0 and level <= 11`),
    )
    .addColumn('experience', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`experience >= 0`),
    )
    // r as a canonical decimal string ('0', '0.125'); multiplier = 1 + r on the wire.
    .addColumn('risk', 'varchar(16)', (c) => c.notNull().defaultTo('0'))
    .addColumn('yieldy', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`yieldy >= 0 and yieldy <= 10`),
    )
    .addColumn('precise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`precise >= 0 and precise <= 2`),
    )
    .addColumn('apple_until', int64)
    .addColumn('hatch_value', int64, (c) => c.notNull().check(sql`hatch_value >= 0`))
    .addColumn('top_value', int64, (c) => c.notNull().check(sql`top_value >= 0`))
    .addColumn('no_loss_value', int64, (c) => c.notNull().check(sql`no_loss_value >= 0`))
    .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hatched_at', int64)
    // Confirm Loss closes the eidol: it leaves the player's list and every later round.
    .addColumn('closed_at', int64)
    .addColumn('created_at', int64, (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('eidols_user').on('eidols').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('eidols_one_free_egg')
    .on('eidols')
    .column('user_id')
    .unique()
    .where(sql.ref('source'), '=', 'free')
    .execute();

  await withId(db.schema.createTable('fairness_chains'), dialect)
    .addColumn('terminal_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull().check(sql`length > 0`))
    // The id of the round that reveals the chain's first hash.
    .addColumn('first_round_id', 'integer', (c) => c.notNull().unique())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  // Secret: the hash at every CHECKPOINT_EVERY-th position (and the seed at the last); a round's hash is
  // the nearest checkpoint at or after its position hashed forward. Never served.
  await db.schema
    .createTable('fairness_checkpoints')
    .addColumn('chain_id', 'integer', (c) => c.notNull().references('fairness_chains.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('fairness_checkpoints_pkey', ['chain_id', 'position'])
    .execute();

  await db.schema
    .createTable('rounds')
    // Consecutive: round n+1 is written by the commit that settles round n.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('chain_id', 'integer', (c) => c.notNull().references('fairness_chains.id'))
    // 1-based position in its chain; the hash is secret until settled_at is set.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .addColumn('opens_at', int64, (c) => c.notNull())
    .addColumn('can_act_before', int64, (c) => c.notNull())
    .addColumn('ends_at', int64, (c) => c.notNull())
    .addColumn('settled_at', int64)
    // T × 2^52 (< 2^52, so a safe integer), set when settled.
    .addColumn('threshold_units', int64)
    .addColumn('incense_slots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('participants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('winners', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pool_before', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('pool_after', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('round_fee', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('claims_paid', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('emission_paid', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('nominal_stakes', int64, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('rounds_chain_position').on('rounds').columns(['chain_id', 'position']).unique().execute();
  // The scheduler and GET /api/game read the one unsettled round.
  await db.schema.createIndex('rounds_unsettled').on('rounds').column('id').where(sql.ref('settled_at'), 'is', null).execute();

  // One row per eidol the round settled: its snapshot (the input) and its result, written in the
  // settlement's commit. `npm run verify` recomputes the round from these and compares.
  await db.schema
    .createTable('round_entries')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
    .addColumn('eidol_id', 'integer', (c) => c.notNull().references('eidols.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('risk', 'varchar(16)', (c) => c.notNull())
    .addColumn('yieldy', 'integer', (c) => c.notNull())
    .addColumn('eidol_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('xp_before', 'integer', (c) => c.notNull())
    .addColumn('level_before', 'integer', (c) => c.notNull())
    .addColumn('value_before', int64, (c) => c.notNull())
    .addColumn('top_value_before', int64, (c) => c.notNull())
    .addColumn('no_loss_value', int64, (c) => c.notNull())
    .addColumn('zone', 'varchar(3)')
    // The booked stake s (≥ 0; the `bet` transaction is −s), the `win` leg (s + claim paid), the emission share.
    .addColumn('stake', int64, (c) => c.notNull())
    .addColumn('payout', int64, (c) => c.notNull())
    .addColumn('mined', int64, (c) => c.notNull())
    .addColumn('value_after', int64, (c) => c.notNull())
    .addColumn('xp_gained', 'integer', (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addPrimaryKeyConstraint('round_entries_pkey', ['round_id', 'eidol_id'])
    .execute();
  await db.schema.createIndex('round_entries_eidol').on('round_entries').columns(['eidol_id', 'round_id']).execute();
}
