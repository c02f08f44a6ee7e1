// The e2e suite drives Debian's Chromium at /usr/bin/chromium (Playwright's own browser download cannot
// work on these machines). Installs it when missing and we may (root with apt-get); otherwise says in
// one line what to run, and fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);
const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!canInstall) {
  console.error(`e2e needs Debian's Chromium at ${CHROMIUM}: run \`sudo apt-get install chromium\`, then npm test again`);
  process.exit(1);
}
console.info(`[test] ${CHROMIUM} is missing: installing Debian's chromium`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'chromium'],
]) {
  const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed: install Chromium by hand (\`apt-get install chromium\`)`);
    process.exit(1);
  }
}
