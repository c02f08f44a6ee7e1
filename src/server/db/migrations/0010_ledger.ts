/** The double-entry ledger: accounts, immutable transfers, and per-account entries. */
import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../database';
import { int64, withId, type MigrationDb } from '../columns';

/** Creates the ledger's tables; the constraints are the last line of defence behind the ledger code. */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  // SQLite: the account foreign keys are checked at COMMIT (still every commit, still refused). An
  // immediate one makes each multi-row insert keep a statement journal (a copy of every page it touches,
  // in a temp file) so that it could undo just itself; the ledger never needs that (sqliteStore.ts).
  const account = (c: ColumnDefinitionBuilder) => {
    const fk = c.notNull().references('ledger_accounts.id');
    return dialect === 'sqlite' ? fk.modifyEnd(sql`deferrable initially deferred`) : fk;
  };
  await withId(db.schema.createTable('ledger_accounts'), dialect)
    .addColumn('asset', 'varchar(32)', (c) => c.notNull())
    .addColumn('owner_kind', 'varchar(8)', (c) => c.notNull().check(sql`owner_kind in ('player', 'eidol', 'system')`))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('flags', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance', int64, (c) => c.notNull().defaultTo(0))
    .addColumn('debits_pending', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`debits_pending >= 0`),
    )
    .addColumn('credits_pending', int64, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits_pending >= 0`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int64, (c) => c.notNull())
    // Flag 1 (must not go negative) as a constraint too: a bug in the code cannot overdraw a player.
    .addCheckConstraint('ledger_accounts_not_negative', sql`(flags & 1) = 0 or balance - debits_pending >= 0`)
    .addCheckConstraint('ledger_accounts_not_positive', sql`(flags & 2) = 0 or balance + credits_pending <= 0`)
    .addUniqueConstraint('ledger_accounts_owner', ['owner_kind', 'owner_id', 'name', 'asset'])
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('batch_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('posted', 'pending', 'post', 'void', 'expire')`))
    .addColumn('debit_account_id', 'integer', account)
    .addColumn('credit_account_id', 'integer', account)
    .addColumn('asset', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', int64, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('pending_id', 'varchar(128)')
    .addColumn('timeout_ms', int64)
    .addColumn('expires_at', int64)
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(255)')
    .addColumn('created_at', int64, (c) => c.notNull())
    .addCheckConstraint('ledger_transfers_two_accounts', sql`debit_account_id <> credit_account_id`)
    // SQLite: the text key is the table's only B-tree (no hidden rowid index to maintain as well).
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  // Each pending transfer is resolved at most once (post, void or expire), enforced by the database.
  await db.schema
    .createIndex('ledger_transfers_pending_id')
    .on('ledger_transfers')
    .column('pending_id')
    .unique()
    .where(sql.ref('pending_id'), 'is not', null)
    .execute();
  // The expiry sweep looks for pending transfers by expiry time.
  await db.schema
    .createIndex('ledger_transfers_pending_expiry')
    .on('ledger_transfers')
    .column('expires_at')
    .where(sql.ref('kind'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('account_id', 'integer', account)
    .addColumn('account_version', 'integer', (c) => c.notNull())
    .addColumn('transfer_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount', int64, (c) => c.notNull())
    .addColumn('before_balance', int64, (c) => c.notNull())
    .addColumn('after_balance', int64, (c) => c.notNull())
    .addColumn('created_at', int64, (c) => c.notNull())
    .addCheckConstraint('ledger_entries_chain', sql`before_balance + amount = after_balance`)
    // One entry per account version: two writers can never both book "the next" entry of an account,
    // and an account's history is one range scan. (On SQLite the rows stay in an append-only rowid
    // table and the key is a separate index of small cells: clustering the whole rows by account was
    // measured slower: bigger cells fill and split every account's last page more often.)
    .addPrimaryKeyConstraint('ledger_entries_pkey', ['account_id', 'account_version'])
    .execute();
}
