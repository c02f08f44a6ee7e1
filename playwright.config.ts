// E2E: Debian's Chromium with a phone profile against the real server on its embedded defaults
// (a fresh SQLite file and mail outbox in this run's own temp DATA_DIR, on ports free at the start: support/env.ts).
import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import { E2E_CHAIN_PORT, E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/env';

// The server serves the built client (dist/client): without it every page is the API's JSON 404 and each spec
// fails on its first screen, far from the cause. `npm test` builds before the e2e step; a bare run says so here.
if (!fs.existsSync(new URL('./dist/client/index.html', import.meta.url)))
  throw new Error('e2e needs the built client: run `npm run build` first (dist/client is missing)');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Each spec makes its own players, so E2E_WORKERS=2 can run two spec files against the one server; one
  // until that is proven on a quiet machine.
  workers: Number(process.env.E2E_WORKERS) || 1,
  // One retry under CI only, for what a shared machine's load can do to a browser; a retried pass is reported as
  // flaky, never hidden. (The Forum spec's two flakes were the spec's: a walk can end as far from the other
  // player as it began, and a strict locator met two action buttons.)
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The compiled server, as `npm start` runs it.
    command: `rm -rf '${E2E_DATA_DIR}' && node scripts/build/serverBuild.mjs && node --enable-source-maps dist/server/main.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/api/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Short rounds so a test sees a round open, lock, settle and the next one start; a short fairness chain
    // so the first start does not spend seconds generating a million links.
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      ROUND_OPEN_SECONDS: '15',
      ROUND_LOCKED_SECONDS: '3',
      FAIRNESS_CHAIN_LENGTH: '5000',
      // The embedded dev chain's own port, apart from any other run's (its default 8545 is shared).
      DEV_CHAIN_PORT: String(E2E_CHAIN_PORT),
      // Every spec registers its players from 127.0.0.1: the whole suite makes more accounts in ten minutes than
      // one address may (20), so the auth limits are scaled up here; their unit and integration tests keep the real ones.
      RATE_LIMIT_FACTOR: '100',
      // New addresses keep the real 24-hour cooling-off (the wallet spec is held by it, then waives it with a
      // TOTP code); the withdrawal waits for the chain, so no hold before signing (the integration attack test
      // runs the hold with its real wait).
      WITHDRAW_COOLING_OFF_SECONDS: String(24 * 3600),
      WITHDRAW_HOLD_SECONDS: '0',
    },
  },
});
