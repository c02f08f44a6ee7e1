// `npm test`: typecheck, lint, unit, integration (SQLite + PostgreSQL), e2e; stops at the first red step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['integration', 'npx', ['vitest', 'run', '--project', 'integration']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['e2e', 'npx', ['playwright', 'test']],
];
const only = process.argv.slice(2);
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.info(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  console.info(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
