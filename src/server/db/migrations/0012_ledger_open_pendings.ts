/**
 * The pending transfers not yet resolved, with their deadlines: what the expiry sweep reads. A resolution
 * deletes its row in the same commit, so the sweep's cost follows the open reservations, not history.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import { int64, type MigrationDb } from '../columns';

/** Creates `ledger_open_pendings` from the unresolved pending transfers; drops the index the sweep used. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('ledger_open_pendings')
    .addColumn('transfer_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', int64, (c) => c.notNull())
    // SQLite: the key is the table's only B-tree.
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  await db.schema.createIndex('ledger_open_pendings_expiry').on('ledger_open_pendings').columns(['expires_at', 'transfer_id']).execute();
  await sql`insert into ledger_open_pendings (transfer_id, expires_at)
    select p.id, p.expires_at from ledger_transfers p
    where p.kind = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)`.execute(db);
  // It listed every pending ever made, resolved or not; nothing reads it any more and each pending paid for it.
  await db.schema.dropIndex('ledger_transfers_pending_expiry').execute();
}
