// The compiled server: `src/server/main.ts` bundled by esbuild into `dist/server/main.mjs` (packages stay
// external: native addons and hardhat load from node_modules). Production runs it with plain `node`, so a
// start does not pay for compiling TypeScript on the fly. `ensureServerBuild()` rebuilds only when stale.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Where the compiled server is written. */
export const SERVER_OUT = path.join('dist', 'server', 'main.mjs');
const SOURCES = ['src/server', 'src/shared', 'package-lock.json'];

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when the compiled server is missing or older than any of its sources. */
export function serverBuildStale() {
  if (!fs.existsSync(SERVER_OUT)) return true;
  const sourceTime = Math.max(...SOURCES.filter((p) => fs.existsSync(p)).map(newestMtime));
  return fs.statSync(SERVER_OUT).mtimeMs < sourceTime;
}

/** Compiles the server (about 2 s); source maps so stack traces name the TypeScript lines. */
export async function buildServer() {
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** Builds the server when stale; says so, as the client build does. */
export async function ensureServerBuild() {
  if (!serverBuildStale()) return;
  console.info('Building the server…');
  await buildServer();
}

// `node scripts/build/serverBuild.mjs`: build when stale (the e2e web server runs the compiled server too).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/build/serverBuild.mjs')) await ensureServerBuild();
