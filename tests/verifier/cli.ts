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
  for (const c of checks) console.log(lineOf(c));
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed === 0 ? `all ${checks.length} checks hold` : `${failed} of ${checks.length} checks FAILED`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
