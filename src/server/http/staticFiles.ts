/**
 * The built client (`dist/client`) with the SPA fallback, the sprite atlases (`atlases/`), and the 404s:
 * JSON for unknown API paths, index.html for page loads the client router handles.
 *
 * Compressible files are sent from the `.br`/`.gz` siblings the build wrote (precompress.ts) when the
 * request's Accept-Encoding allows (brotli first), with the original's Content-Type and `Vary:
 * Accept-Encoding` whether compressed or not; @fastify/static's `preCompressed` does the negotiation and
 * the sizes, setHeaders adds Vary and the caching. A sibling asked for by name (`/x.js.br`) is not served
 * (404), so no client ever gets compressed bytes without a Content-Encoding it asked for.
 * Caching: Vite's hashed `assets/*` for a year, immutable; everything else (index.html, the SPA fallback,
 * atlases, which keep their names when designers swap them) `no-cache` with an ETag, so a revalidation is
 * a cheap 304.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from './acceptEncoding';
import type { App } from '../app/context';
import { fail } from './envelope';
import { isCompressible, isPrecompressedSibling, PRECOMPRESSED } from './precompress';

/** Cache-Control of content-hashed bundles: their name changes with their bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of files whose name stays when their bytes change: revalidate each time (ETag → 304). */
export const REVALIDATE = 'no-cache';

/** Where the static files live. */
export interface StaticPaths {
  clientDir: string;
  atlasesDir: string;
}

/** The repository's `dist/client` and the atlases: the build's copy (`dist/client/atlases`, which has the
 *  precompressed siblings) when there is one, else the source folder `atlases/`. */
export function defaultStaticPaths(): StaticPaths {
  const root = packageRoot(path.dirname(new URL(import.meta.url).pathname));
  const clientDir = path.join(root, 'dist/client');
  const builtAtlases = path.join(clientDir, 'atlases');
  const atlasesDir = fs.existsSync(path.join(builtAtlases, 'manifest.json')) ? builtAtlases : path.join(root, 'atlases');
  return { clientDir, atlasesDir };
}

/** The nearest folder holding package.json: the same from the sources (`src/server/http`) and from the
 *  compiled server (`dist/server`), which sit at different depths. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** The file a sent path stands for: `x.js.br` → `x.js`. */
function originalOf(file: string): string {
  const sibling = PRECOMPRESSED.find((p) => file.endsWith(p.suffix));
  return sibling ? file.slice(0, -sibling.suffix.length) : file;
}

/** Cache-Control for a file under the client root: only Vite's hashed `assets/` are immutable. */
export function cacheControlFor(clientDir: string, file: string): string {
  const rel = path.relative(clientDir, originalOf(file)).split(path.sep).join('/');
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

function varyOn(res: { setHeader: (name: string, value: string) => unknown }, file: string): void {
  if (isCompressible(originalOf(file))) res.setHeader('vary', 'Accept-Encoding');
}

const notSibling = (pathname: string): boolean => !isPrecompressedSibling(pathname);

function isPageLoad(request: FastifyRequest): boolean {
  const url = request.url;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io') || url.startsWith('/atlases/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Serves `root` at `prefix` with its precompressed siblings, `Vary` and the given caching. */
async function serveDir(app: App, root: string, prefix: string, cacheControl: (file: string) => string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: notSibling,
    setHeaders: (res, file) => {
      varyOn(res, file);
      res.setHeader('cache-control', cacheControl(file));
    },
  });
}

/** Registers the static roots (those that exist) and the not-found handler. */
export async function installStaticFiles(app: App, paths: StaticPaths): Promise<void> {
  const index = path.join(paths.clientDir, 'index.html');
  const hasClient = fs.existsSync(index);
  // Hashed bundles may be cached for good; index.html must be revalidated so a deploy takes effect.
  if (hasClient) await serveDir(app, paths.clientDir, '/', (file) => cacheControlFor(paths.clientDir, file));
  // Atlases are not hashed (designers swap them): always revalidated, cheaply through their ETag.
  if (fs.existsSync(paths.atlasesDir)) await serveDir(app, paths.atlasesDir, '/atlases/', () => REVALIDATE);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasClient && isPageLoad(request)) return sendIndex(request, reply, index);
    return reply.code(404).send(fail('Not found'));
  });
}

/** The SPA fallback: index.html (small, read per request so a deploy takes effect), precompressed when
 *  the build wrote siblings and the client accepts them. */
async function sendIndex(request: FastifyRequest, reply: FastifyReply, index: string): Promise<FastifyReply> {
  const offered = PRECOMPRESSED.filter((p) => fs.existsSync(index + p.suffix));
  const chosen = offered.find(
    (p) =>
      p.encoding ===
      pickEncoding(
        request.headers['accept-encoding'],
        offered.map((o) => o.encoding),
      ),
  );
  const body = await fs.promises.readFile(chosen ? index + chosen.suffix : index);
  reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'Accept-Encoding');
  if (chosen) reply.header('content-encoding', chosen.encoding);
  return reply.header('content-length', body.length).send(body);
}
