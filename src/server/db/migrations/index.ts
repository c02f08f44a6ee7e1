/**
 * Every migration, in order. Names are numbered; ranges by domain keep parallel work apart:
 * 0001–0009 foundation (auth, sessions), 0010–0019 ledger, 0020+ later domains.
 */
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';
import * as m0001 from './0001_auth';
import * as m0010 from './0010_ledger';
import * as m0020 from './0020_transactions';

/** A migration receives the untyped handle and the dialect it runs on. */
export interface DialectMigration {
  up(db: MigrationDb, dialect: DialectName): Promise<void>;
}

/** Migrations by name; the migrator applies them in name order. */
export const migrations: Record<string, DialectMigration> = {
  '0001_auth': m0001,
  '0010_ledger': m0010,
  '0020_transactions': m0020,
};
