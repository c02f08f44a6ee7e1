/**
 * The built client (`dist/client`) with the SPA fallback, the sprite atlases (`atlases/`), and the 404s:
 * JSON for unknown API paths, index.html for page loads the client router handles.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './context';
import { fail } from './envelope';

/** Where the static files live. */
export interface StaticPaths {
  clientDir: string;
  atlasesDir: string;
}

/** The repository's `dist/client` and `atlases/`. */
export function defaultStaticPaths(): StaticPaths {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
  return { clientDir: path.join(root, 'dist/client'), atlasesDir: path.join(root, 'atlases') };
}

function isPageLoad(request: FastifyRequest): boolean {
  const url = request.url;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io') || url.startsWith('/atlases/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Registers the static roots (those that exist) and the not-found handler. */
export async function installStaticFiles(app: App, paths: StaticPaths): Promise<void> {
  const index = path.join(paths.clientDir, 'index.html');
  const hasClient = fs.existsSync(index);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: paths.clientDir,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      // Hashed bundles may be cached for good; index.html must be revalidated so a deploy takes effect.
      setHeaders: (res, file) => res.setHeader('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable'),
    });
  }
  if (fs.existsSync(paths.atlasesDir)) {
    await app.register(fastifyStatic, { root: paths.atlasesDir, prefix: '/atlases/', decorateReply: false });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasClient && isPageLoad(request)) {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    }
    return reply.code(404).send(fail('Not found'));
  });
}
