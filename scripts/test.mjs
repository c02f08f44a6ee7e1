// `npm test`: typecheck, lint, format, unit, the economy check (sim), integration (SQLite + PostgreSQL), build, size budgets, Chromium
// (installed when missing), e2e; stops at the first red
// step and ends with one plain line of totals, read from each runner's JSON report.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-test-reports-'));
// The integration suite's global setup writes this file when PostgreSQL is absent and its half is skipped.
const pgAbsent = path.join(reports, 'pg-absent');
const vitest = (project) => [
  'npx',
  [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${project}.json`)}`,
  ],
];
const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  // One layout for every code file (.prettierrc.json); `npm run format` writes it.
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['unit', ...vitest('unit')],
  // The economy's short run (docs/economy.md): fails when a fixed angle dominates or a thin game pays too much.
  ['sim', 'npm', ['run', '--silent', 'sim:check']],
  ['integration', ...vitest('integration'), { AEON_PG_ABSENT_FILE: pgAbsent }],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  // The build's JS weight against the budgets of issue #8 (scripts/sizeReport.mjs).
  ['size', 'node', ['scripts/sizeReport.mjs']],
  ['chromium', 'node', ['scripts/ensureChromium.mjs']],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') }],
];

/** Passed/failed/skipped counts of a suite's JSON report (Vitest's or Playwright's), if it wrote one. */
function counts(name) {
  const file = path.join(reports, `${name}.json`);
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (r.stats) return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function summary() {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const name of ['unit', 'integration', 'e2e']) {
    const c = counts(name);
    if (!c) continue;
    console.info(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
    for (const k of Object.keys(total)) total[k] += c[k];
  }
  // Said just above the totals, which stay one plain line that CI reads.
  if (fs.existsSync(pgAbsent)) console.warn('\nPostgreSQL was NOT reachable: the PostgreSQL half of the integration suite did NOT run');
  console.info(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
}

const only = process.argv.slice(2);
for (const [name, cmd, args, env] of steps) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.info(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.info(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) {
    summary();
    process.exit(r.status ?? 1);
  }
}
summary();
fs.rmSync(reports, { recursive: true, force: true });
