/**
 * The worlds (spec 3): world objects (one master row per player, updated as it enters and walks, and the
 * inscriptions), inscription votes, the chat log, and the three incense slots.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

/** Creates the world tables and seeds the incense slots. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('world_objects'), dialect)
    .addColumn('type', 'varchar(8)', (c) => c.notNull().check(sql`type in ('master', 'scribe')`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // A master's room while it is present (null once it left or went silent); an inscription's room.
    .addColumn('room', 'integer', (c) => c.check(sql`room in (1, 2)`))
    .addColumn('coordinate', 'integer', (c) => c.notNull())
    .addColumn('flip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verse', 'text', (c) => c.notNull().defaultTo(''))
    // An inscription stands until this time (epoch ms); null for masters.
    .addColumn('limit_at', int64)
    .addColumn('promoted', 'integer', (c) => c.notNull().defaultTo(0))
    // A master's last enter or walk (epoch ms): presence ends when it goes silent.
    .addColumn('seen_at', int64, (c) => c.notNull())
    .addColumn('updated_at', int64, (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  // One master row per player, reused on every visit (its id stays the same).
  await db.schema
    .createIndex('world_objects_one_master')
    .on('world_objects')
    .column('user_id')
    .unique()
    .where(sql<boolean>`type = 'master'`)
    .execute();
  await db.schema.createIndex('world_objects_room').on('world_objects').columns(['room', 'type']).execute();

  await db.schema
    .createTable('inscription_votes')
    .addColumn('object_id', 'integer', (c) => c.notNull().references('world_objects.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', int64, (c) => c.notNull())
    .addPrimaryKeyConstraint('inscription_votes_pkey', ['object_id', 'user_id'])
    .execute();

  await withId(db.schema.createTable('chat_messages'), dialect)
    .addColumn('room', 'integer', (c) => c.notNull().check(sql`room in (1, 2)`))
    .addColumn('channel', 'integer', (c) => c.notNull().check(sql`channel between 0 and 2`))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('verse', 'yell')`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int64, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_room').on('chat_messages').columns(['room', 'id']).execute();
  await db.schema.createIndex('chat_messages_user').on('chat_messages').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('incense_slots')
    .addColumn('slot', 'integer', (c) => c.primaryKey().check(sql`slot between 1 and 3`))
    // Burns until this time (epoch ms); null or past: not lit.
    .addColumn('burns_until', int64)
    .addColumn('lit_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', int64, (c) => c.notNull())
    .execute();
  await db
    .insertInto('incense_slots')
    .values([1, 2, 3].map((slot) => ({ slot, burns_until: null, lit_by: null, updated_at: 0 })))
    .execute();
}
