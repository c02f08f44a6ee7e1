/**
 * `npm run admin -- [--as <name>] <command> [args…]` (`help` lists the commands): runs one operator command
 * on the configured database (DATA_DIR / DATABASE_URL) and prints its summary; every run is audited in
 * `admin_audit` with who ran it (`--as`, else ADMIN_ACTOR, else the OS user). Exit 1 on a refused command.
 */
import os from 'node:os';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { systemClock } from '../clock';
import { AdminUsageError } from './adminCommand';
import { adminCommands } from './registry';
import { runAdminCommand } from './runner';

const argv = process.argv.slice(2);
let actor = process.env.ADMIN_ACTOR || os.userInfo().username;
if (argv[0] === '--as') {
  actor = argv[1] ?? '';
  argv.splice(0, 2);
}
const [name, ...args] = argv;
if (!name || name === 'help' || !actor) {
  console.info(['usage: npm run admin -- [--as <name>] <command> [args…]', ...adminCommands().map((c) => `  ${c.usage}`)].join('\n'));
  process.exit(name && name !== 'help' ? 1 : 0);
}
const db = openDatabase(loadConfig());
try {
  await migrate(db);
  const run = await runAdminCommand(db, systemClock, actor, name, args);
  console.info(run.summary);
  console.info(`audit #${run.auditId}`);
} catch (err) {
  if (!(err instanceof AdminUsageError)) throw err;
  console.error(`refused: ${err.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
