/**
 * PostgreSQL: the keys a round's booking writes by the million are checked once per statement instead of once
 * per row. A foreign key runs a trigger per inserted key (a lookup and a `for key share` lock of the parent row):
 * two per transfer, one per ledger entry, two per round entry and per next round's reservation, about a fifth of
 * a big round's booking (src/server/domain/rounds/README.md, "Cost"). A statement trigger with the statement's
 * new rows as a transition table checks them all in one anti-join per key. No lock is needed to keep a checked parent there, because none of
 * these parents is ever deleted or renumbered: a trigger refuses both, and TRUNCATE. A row naming no parent is
 * refused as before, with the foreign key's SQLSTATE (23503). SQLite keeps its foreign keys: they cost a few
 * percent there, and dropping one rebuilds the table.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';

/** Each table whose foreign keys become statement checks: its key columns and the table each one names. */
const CHECKED: readonly { table: string; keys: readonly (readonly [column: string, parent: string])[] }[] = [
  {
    table: 'ledger_transfers',
    keys: [
      ['debit_account_id', 'ledger_accounts'],
      ['credit_account_id', 'ledger_accounts'],
    ],
  },
  { table: 'ledger_entries', keys: [['account_id', 'ledger_accounts']] },
  ...['round_entries', 'round_reservations'].map((table) => ({
    table,
    keys: [
      ['round_id', 'rounds'],
      ['eidol_id', 'eidols'],
    ] as const,
  })),
];

/** Replaces those foreign keys with statement checks and keeps their parents' rows (PostgreSQL; SQLite: nothing). */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const run = (text: string) => sql.raw(text).execute(db);

  await run(`create function rows_kept() returns trigger language plpgsql as $$
    begin
      raise exception using errcode = 'foreign_key_violation',
        message = format('%s rows are never deleted or renumbered: foreign keys name them', tg_table_name);
    end $$`);
  for (const parent of new Set(CHECKED.flatMap((c) => c.keys.map(([, p]) => p)))) {
    await run(`create trigger ${parent}_kept before delete or update of id on ${parent} for each row execute function rows_kept()`);
    await run(`create trigger ${parent}_kept_truncate before truncate on ${parent} for each statement execute function rows_kept()`);
  }

  for (const { table, keys } of CHECKED) {
    const checks = keys.map(
      ([column, parent]) => `
        select n.${column} into missing from new_rows n where not exists (select 1 from ${parent} p where p.id = n.${column}) limit 1;
        if found then
          raise exception using errcode = 'foreign_key_violation',
            message = format('insert or update on table "${table}" violates foreign key: ${parent} %s does not exist', missing);
        end if;`,
    );
    // The transition table is counted but not analysed: past a few thousand rows the planner may hash the whole
    // parent table for an anti-join; one index probe per key is what the check costs.
    await run(`create function ${table}_keys_exist() returns trigger language plpgsql
      set enable_hashjoin = off set enable_mergejoin = off as $$
      declare missing integer;
      begin ${checks.join('')}
        return null;
      end $$`);
    // One trigger per event: PostgreSQL takes transition tables only on single-event triggers.
    for (const event of ['insert', 'update'])
      await run(`create trigger ${table}_keys_exist_${event} after ${event} on ${table}
        referencing new table as new_rows for each statement execute function ${table}_keys_exist()`);
    for (const [column] of keys) await run(`alter table ${table} drop constraint ${table}_${column}_fkey`);
  }
}
