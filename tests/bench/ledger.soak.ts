/**
 * `npm run soak:ledger`: the crash test at soak strength. SIGKILLs a child applying random batches
 * LEDGER_SOAK_KILLS times (default 1000) per database, checking after every kill that acknowledged
 * batches are whole, none is partial, retries apply once and `checkLedger` holds. SQLite in a temp
 * file; PostgreSQL in a throw-away database at TEST_PG_URL (skipped when unreachable). Seed: LEDGER_SEED.
 */
import pg from 'pg';
import { createTestDb } from '../support/testDb';
import type { DialectName } from '../../src/server/db/database';
import { buildWorker, crashLoop, prepareAccounts, removeWorker } from '../integration/ledger/support/crashHarness';
import { destroyQuietly } from '../integration/ledger/support/teardown';

const kills = Number(process.env.LEDGER_SOAK_KILLS ?? 1000);
const seed = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const pgAdmin = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgAdmin, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const worker = await buildWorker();
let failed = false;
try {
  const dialects: DialectName[] = (await pgReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
  if (dialects.length === 1) console.warn(`PostgreSQL not reachable at ${pgAdmin}: soaking SQLite only`);
  for (const dialect of dialects) {
    const t = await createTestDb(dialect, pgAdmin);
    const started = Date.now();
    console.info(`soak ${dialect}: ${kills} kills, seed ${seed} (LEDGER_SEED=${seed} reproduces its batches and delays)`);
    try {
      const accounts = await prepareAccounts(t.db);
      const stats = await crashLoop({
        db: t.db,
        dialect,
        location: t.location,
        worker,
        accounts,
        kills,
        seed,
        maxDelayMs: dialect === 'postgres' ? 200 : 40,
        onProgress: (s) => {
          if (s.kills % 100 === 0) console.info(`soak ${dialect}: ${JSON.stringify(s)}`);
        },
      });
      console.info(`soak ${dialect} ok in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(stats)}`);
    } catch (err) {
      failed = true;
      console.error(`soak ${dialect} FAILED: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await destroyQuietly(t);
    }
  }
} finally {
  removeWorker(worker);
}
process.exitCode = failed ? 1 : 0;
