/**
 * `npm run sim`: the economy simulator CLI (flags: `--help`). Runs every setting of settings.ts at full size
 * (or `--short`), prints the tables docs/economy.md quotes, and exits 1 on a conservation or solvency breach,
 * 2 on a bad argument. The dominance check's verdict is printed; `npm run sim:check` is what fails on it.
 */
import { runCli } from './run';

try {
  runCli(process.argv.slice(2), false);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
