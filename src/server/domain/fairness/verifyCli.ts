/**
 * `npm run verify -- <round id> [--walk]`: recomputes a settled round of the configured database (DATA_DIR /
 * DATABASE_URL) from its published fairness data, anchored to the commitment (the previous round's own
 * hash, the listed chain's rule, value continuity), and compares it with what the ledger booked, without
 * writing. `--walk` also hashes the whole way from the round to its chain's terminal hash (progress on
 * stderr). Prints one line per check, then `round <id> verified` or the mismatches. Exit codes: 0 verified,
 * 1 a mismatch, 2 cannot check (bad argument, no database, unknown or unsettled round).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { walkToCommitment } from '../../../shared/rules/fairness';
import { verifyBookedRound } from './verifyBooked';

const walk = process.argv.includes('--walk');
const arg = process.argv.slice(2).find((a) => a !== '--walk');
const roundId = arg !== undefined && /^\d{1,15}$/.test(arg) ? Number(arg) : NaN;
if (!Number.isSafeInteger(roundId)) {
  console.error(`usage: npm run verify -- <round id> [--walk] (a whole number; got ${arg === undefined ? 'nothing' : `"${arg}"`})`);
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
    let walked = true;
    if (walk) {
      const steps = report.walkSteps ?? 0;
      const walker = walkToCommitment(report.hash, steps, report.terminalHash ?? '');
      let reached = false;
      for (const p of walker) {
        if (p.reached === undefined) process.stderr.write(`walk: ${p.done}/${p.total} links\r`);
        else reached = p.reached;
      }
      walked = reached;
      console.info(
        `${reached ? 'ok  ' : 'FAIL'} walk: ${steps} link(s) from round ${roundId}'s hash reach the chain's terminal hash ${report.terminalHash ?? '(no listed chain)'}`,
      );
    }
    process.exitCode = report.ok && walked ? 0 : 1;
  }
} catch (err) {
  console.error(`verify failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
