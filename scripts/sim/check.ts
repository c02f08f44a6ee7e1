/**
 * `npm run sim:check`: the CI step `sim`: every setting at its short size; exits 1 when a fixed angle lies
 * outside the others' 95 % interval in any setting or a lone eidol earns more than twice a full crowd per unit
 * staked (check.ts), or on a conservation or solvency breach; 2 on a bad argument.
 */
import { runCli } from './run';

try {
  process.exit(runCli(process.argv.slice(2), true).length > 0 ? 1 : 0);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
