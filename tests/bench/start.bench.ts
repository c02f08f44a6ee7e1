/**
 * `npm run bench:start`: time from spawning the compiled server (`dist/server/main.mjs`, as `npm start`
 * runs it) to its first answer (`GET /api/config` 200), beside the floor started the same way: a bare
 * Fastify app with one hello route, bundled by the same esbuild settings and run by the same `node`. The
 * embedded dev chain's own start (the server prints `chain gateway open in N ms`) is reported apart, and the
 * server's part is the first answer minus it. Runs alternate server and floor, BENCH_RUNS pairs (3); the
 * first server start on an empty DATA_DIR (database created, contracts deployed) is printed apart as "cold".
 * A second floor, our own: the server's modules alone (startServer.ts bundled the same way), loaded and
 * evaluated with nothing run, from spawn to exit; what no change short of loading less can go below.
 * Figures only, never asserted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { buildServer, bundleServer, SERVER_OUT } from '../../scripts/build/serverBuild.mjs';
import { printRatio } from './ratioLine';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const bench = (name: string, value: number, unit: string) => console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 2 : 0)} ${unit}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One start: spawn, poll the URL until 200, stop; the chain's start when the process printed it. */
async function timeStart(file: string, env: Record<string, string>, url: string): Promise<{ answerMs: number; chainMs: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let chainMs = 0;
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /chain gateway open in (\d+) ms/.exec(out);
    if (m) chainMs = Number(m[1]);
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${file} exited ${child.exitCode}:\n${out.slice(-2000)}`);
      const ok = await fetch(url).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { answerMs: performance.now() - t0, chainMs };
      if (performance.now() - t0 > 120_000) throw new Error(`${file} gave no answer in 120 s:\n${out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** Spawn to exit of a node that imports `file` and nothing else. */
async function timeImport(file: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--input-type=module', '-e', `await import(${JSON.stringify(file)}); process.exit(0);`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`importing ${file} exited ${code}:\n${err.slice(-2000)}`);
  return performance.now() - t0;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-bench-start-'));
const hello = path.join(dir, 'hello.ts');
fs.writeFileSync(
  hello,
  "import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/hello', async () => ({ hello: 'world' }));\nawait app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n",
);
const helloOut = path.join(process.cwd(), 'dist', 'bench', 'hello.mjs');
await build({
  entryPoints: [hello],
  outfile: helloOut,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  nodePaths: [path.join(process.cwd(), 'node_modules')],
});
await buildServer();
const modulesOut = path.join(process.cwd(), 'dist', 'bench', 'serverModules.mjs');
await bundleServer('src/server/startServer.ts', modulesOut);

// BENCH_PORT and the two above it, where the machine assigns ports; otherwise a random three.
const port = Number(process.env.BENCH_PORT) || 18_700 + Math.floor(Math.random() * 200);
const serverEnv = { PORT: String(port), DATA_DIR: path.join(dir, 'data'), DEV_CHAIN_PORT: String(port + 1), LOG_LEVEL: 'warn' };
const cold = await timeStart(SERVER_OUT, serverEnv, `http://127.0.0.1:${port}/api/config`);
bench('start.cold.first_answer', cold.answerMs, 'ms');
bench('start.cold.chain', cold.chainMs, 'ms');

const server: number[] = [],
  chain: number[] = [],
  floor: number[] = [],
  modules: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const s = await timeStart(SERVER_OUT, serverEnv, `http://127.0.0.1:${port}/api/config`);
  server.push(s.answerMs);
  chain.push(s.chainMs);
  floor.push((await timeStart(helloOut, { PORT: String(port + 2) }, `http://127.0.0.1:${port + 2}/hello`)).answerMs);
  modules.push(await timeImport(modulesOut));
}
const own = server.map((s, i) => s - chain[i]!);
console.info(
  `BENCH start setup runs=${RUNS} (alternated, medians) node=${process.version} load-average=${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join('/')}`,
);
bench('start.warm.first_answer', median(server), 'ms');
bench('start.warm.chain', median(chain), 'ms');
bench('start.warm.server_without_chain', median(own), 'ms');
bench('start.floor.fastify_hello', median(floor), 'ms');
printRatio('start.ratio.server_without_chain_to_floor', median(own), median(floor), 'ms');
printRatio('start.ratio.first_answer_to_floor', median(server), median(floor), 'ms');
bench('start.floor.server_modules_only', median(modules), 'ms');
printRatio('start.ratio.server_modules_only_to_floor', median(modules), median(floor), 'ms');
fs.rmSync(dir, { recursive: true, force: true });
