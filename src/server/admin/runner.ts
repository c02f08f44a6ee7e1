/** Runs one admin command in one ledger transaction together with its `admin_audit` row. */
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { runLedgerTx } from '../ledger/index';
import type { AdminResult } from './adminCommand';
import { adminCommand } from './registry';
import './commands';

/** The audit row's id and the command's answer. */
export interface AdminRun extends AdminResult {
  auditId: number;
}

/** JSON with bigints as decimal strings (details may carry ledger amounts). */
function json(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Runs command `name` with `args` as `actor`; the change and its audit row commit together, a refusal writes neither. */
export async function runAdminCommand(db: Db, clock: Clock, actor: string, name: string, args: string[]): Promise<AdminRun> {
  const command = adminCommand(name);
  return runLedgerTx(db, clock, async (tx) => {
    const result = await command.run({ db: tx, clock, actor }, args);
    const row = await tx.kysely
      .insertInto('admin_audit')
      .values({ actor, command: command.name, args: json(args), details: json(result.details), created_at: tx.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...result, auditId: row.id };
  });
}
