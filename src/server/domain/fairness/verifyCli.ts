/**
 * `npm run verify -- <round id>`: recomputes a settled round of the configured database (DATA_DIR /
 * DATABASE_URL) from its published fairness data and compares it with what the ledger booked, without
 * writing. Prints one line per check, then `round <id> verified` or the mismatches. Exit codes: 0 verified,
 * 1 a mismatch, 2 cannot check (bad argument, no database, unknown or unsettled round).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { verifyBookedRound } from './verifyBooked';

const arg = process.argv[2];
const roundId = arg !== undefined && /^\d{1,15}$/.test(arg) ? Number(arg) : NaN;
if (!Number.isSafeInteger(roundId)) {
  console.error(`usage: npm run verify -- <round id> (a whole number; got ${arg === undefined ? 'nothing' : `"${arg}"`})`);
  process.exit(2);
}
const config = loadConfig();
const file = path.join(config.dataDir, 'aeon.sqlite');
if (!config.databaseUrl && !fs.existsSync(file)) {
  // Opening would create an empty database: a checker must not write.
  console.error(`verify failed: no database at ${file} (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const db = openDatabase(config);
try {
  const report = await verifyBookedRound(db.kysely, roundId);
  if (report.kind === 'unknown') {
    console.error(`round ${roundId} cannot be verified: no such round, or not settled yet (its hash is revealed only when it settles)`);
    process.exitCode = 2;
  } else {
    for (const line of report.lines) console.info(line);
    process.exitCode = report.ok ? 0 : 1;
  }
} catch (err) {
  console.error(`verify failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
