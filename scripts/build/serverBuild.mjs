// The compiled server: `src/server/main.ts` bundled by esbuild into `dist/server/main.mjs`. Production runs
// it with plain `node`, so a start does not pay for compiling TypeScript on the fly. `ensureServerBuild()`
// rebuilds only when stale. Packages stay external (native addons and hardhat load from node_modules), but
// for INLINED_PACKAGES: node's ES module loader resolves, reads and links every file of a package one by one,
// and the many small modules of viem, kysely, zod and the @noble/@scure keys cost a start more than their
// code does; compiled in, esbuild also drops the parts the server never calls. zod's type provider comes in
// with zod, so the schemas and the compilers that run them share one copy.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Where the compiled server is written. */
export const SERVER_OUT = path.join('dist', 'server', 'main.mjs');
const SOURCES = ['src/server', 'src/shared', 'package-lock.json', 'scripts/build/serverBuild.mjs'];

/** Pure ES-module packages compiled into the bundle, with whatever they import themselves. */
export const INLINED_PACKAGES = [
  'viem',
  'kysely',
  'zod',
  'fastify-type-provider-zod',
  '@noble/hashes',
  '@noble/curves',
  '@scure/bip32',
  '@scure/bip39',
];
/** CommonJS packages an inlined package imports: loaded by node, as our own bare imports are. */
const COMMONJS_IMPORTS = ['@fastify/error'];

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Our bare imports stay external unless inlined; an inlined package's own imports follow it in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (COMMONJS_IMPORTS.includes(packageName(args.path))) return { external: true };
      if (args.path.startsWith('node:') || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return INLINED_PACKAGES.includes(packageName(args.path)) ? undefined : { external: true };
    });
  },
};

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

/** Bundles `entry` into `outfile` as the server is bundled (`bench:start` bundles the server's modules alone). */
export async function bundleServer(entry, outfile) {
  const { metafile } = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: true,
    sourcesContent: false,
    // A third fewer bytes for node to read and parse at each start; names are kept, and stack traces
    // go through the source map anyway.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
  });
  // A CommonJS file pulled in behind an inlined package would fail at run time on its first `require`.
  const emitted = Object.entries(metafile.outputs[path.relative(process.cwd(), outfile)].inputs).filter(([, out]) => out.bytesInOutput > 0);
  const commonJs = emitted.filter(([file]) => metafile.inputs[file].format === 'cjs');
  if (commonJs.length) throw new Error(`inlined packages reach CommonJS: ${commonJs.map(([file]) => file).join(', ')}`);
}

/**
 * Compiles the server (about 2 s); source maps so stack traces name the TypeScript lines, without the sources
 * themselves: a start parses the whole map, and stack traces need only its mappings.
 */
export async function buildServer() {
  await bundleServer('src/server/main.ts', SERVER_OUT);
}

/** Builds the server when stale; says so, as the client build does. */
export async function ensureServerBuild() {
  if (!serverBuildStale()) return;
  console.info('Building the server…');
  await buildServer();
}

// `node scripts/build/serverBuild.mjs`: build when stale (the e2e web server runs the compiled server too).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/build/serverBuild.mjs')) await ensureServerBuild();
