/**
 * The product as a player's phone meets it, for the front-door benches: the client built by `vite build`
 * (dist/client, precompressed), served by the real server (`node --import tsx src/server/main.ts`) on its
 * embedded defaults with a temporary DATA_DIR, its own PORT and DEV_CHAIN_PORT. Beside the app it writes
 * the baseline pages the benches compare against (baselinePages.ts) and removes them when it stops.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeBaselinePages, writeBaselinePages } from './baselinePages';

/** A running production server. */
export interface ProductionServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const CLIENT_DIR = path.resolve('dist/client');

/** Builds the client unless BENCH_SKIP_BUILD=1 and a build is there (the build takes a minute on two shared cores). */
export function buildClient(step: (what: string) => void): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    step('reusing dist/client (BENCH_SKIP_BUILD=1)');
    return;
  }
  step('building the client (vite build)');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(`${url}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the server did not answer ${url}/api/config within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the server on `port` (the dev chain on port + 10000) over the built client, with the baseline pages beside it. */
export async function startProductionServer(port: number): Promise<ProductionServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-bench-front-'));
  writeBaselinePages(CLIENT_DIR);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A short fairness chain: the first start need not spend seconds on a million links.
      FAIRNESS_CHAIN_LENGTH: '5000',
      DEV_CHAIN_PORT: String(port + 10_000),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    removeBaselinePages(CLIENT_DIR);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, child, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dataDir, stop };
}
