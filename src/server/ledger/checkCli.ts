/**
 * `npm run ledger:check`: checks the configured database (DATA_DIR / DATABASE_URL) without writing to it;
 * exits 1 on any violation, 2 when it cannot check (no database, no ledger tables).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { checkLedger } from './check';

const config = loadConfig();
const file = path.join(config.dataDir, 'aeon.sqlite');
if (!config.databaseUrl && !fs.existsSync(file)) {
  // Opening would create an empty database: a checker must not write.
  console.error(`ledger check failed: no database at ${file} (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const db = openDatabase(config);
try {
  const report = await checkLedger(db);
  for (const v of report.violations) console.error(`violation: ${v}`);
  console.info(report.summary);
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  console.error(`ledger check failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
