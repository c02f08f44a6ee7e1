/**
 * The operators' commands (`npm run admin -- <command> …`). A command only does its work: the runner opens
 * the transaction, hands it in as `ctx.db`, and writes the `admin_audit` row in that same transaction, so
 * a change and its audit commit together or not at all. Other domains plug in by registering commands.
 */
import type { Clock } from '../clock';
import type { LedgerTx } from '../ledger/index';

/** What a command runs with: the open transaction (queries through `db.kysely`, ledger functions on `db`), the clock, who runs it. */
export interface AdminContext {
  db: LedgerTx;
  clock: Clock;
  actor: string;
}

/** What a command answers: a line for the operator and what it changed (the audit's `details`). */
export interface AdminResult {
  summary: string;
  details: Record<string, unknown>;
}

/** One operator command. */
export interface AdminCommand {
  name: string;
  /** One line: arguments and what the command does. */
  usage: string;
  run(ctx: AdminContext, args: string[]): Promise<AdminResult>;
}

/** A refused command (bad arguments, unknown id): the runner writes nothing and the CLI exits 1. */
export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}
