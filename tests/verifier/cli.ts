/**
 * `npm run verify:outside -- <url> [--cookie "aeon_session=…"] [--round N]… [--eidol ID] [--month YYYY-MM] [--rpc URL]`:
 * prints a line per check; exit 0 when all hold, 1 when one fails, 2 on bad arguments.
 */
import { lineOf, verifyOutside } from './outside';
import { USAGE, parseArgs } from './args';

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (!o) {
    console.error(USAGE);
    process.exit(2);
  }
  const checks = await verifyOutside(o);
  for (const c of checks) process.stdout.write(`${lineOf(c)}\n`);
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(`${failed === 0 ? `all ${checks.length} checks hold` : `${failed} of ${checks.length} checks FAILED`}\n`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
