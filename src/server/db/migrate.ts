/** Applies pending migrations (Kysely's Migrator with its lock, so concurrent nodes migrate once). */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations/index';

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (k) => m.up(k, db.dialect) };
      return out;
    },
  };
  const { error, results } = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
