/**
 * Where the e2e server runs and keeps its data. Each `playwright test` run takes two ports the system says
 * are free (the server's and its dev chain's) and a temp folder of its own, so two runs on one machine never
 * meet. Playwright loads this file in its main process first and hands that process's environment to its
 * workers, so the choice is made once (kept in E2E_PORT, E2E_CHAIN_PORT, E2E_DATA_DIR) and every process of
 * the run reads the same values. Setting E2E_PORT (and E2E_CHAIN_PORT, default E2E_PORT + 10000) fixes them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Two distinct ports free right now: a child process listens on port 0 twice (both sockets open at once, so
 * the two differ) and prints what the system gave. A child, because Playwright reads its config synchronously.
 */
function freePorts(): [number, number] {
  const script = `
    const net = require('node:net');
    const a = net.createServer().listen(0, '127.0.0.1', () => {
      const b = net.createServer().listen(0, '127.0.0.1', () => {
        process.stdout.write(a.address().port + ' ' + b.address().port);
        a.close(); b.close();
      });
    });`;
  const [p1, p2] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
  return [p1!, p2!];
}

if (!process.env.E2E_PORT) {
  const [server, chain] = freePorts();
  process.env.E2E_PORT = String(server);
  process.env.E2E_CHAIN_PORT ??= String(chain);
}
process.env.E2E_CHAIN_PORT ??= String(Number(process.env.E2E_PORT) + 10_000);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-e2e-'));

/** Port of the e2e server. */
export const E2E_PORT = Number(process.env.E2E_PORT);
/** Port of the e2e server's embedded dev chain (its default 8545 would be shared with every other run). */
export const E2E_CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT);
/**
 * DATA_DIR of the e2e server, this run's own temp folder, emptied by the webServer command before the server
 * starts (outside test-results/, which Playwright clears while the server already runs).
 */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
