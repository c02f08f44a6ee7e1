/**
 * The id of the client build the server serves (the `build.json` the Vite build writes next to
 * index.html), sent as `X-App-Build` on every answer. A client whose own id differs is an old one kept
 * alive by a tab or the service worker: it reloads at a safe moment (src/client/pwa/updatePolicy.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../app/context';

/** The response header carrying the build id. */
export const BUILD_HEADER = 'x-app-build';

/** The build id in `clientDir/build.json`, or undefined when there is no build (dev, tests). */
export function readBuildId(clientDir: string): string | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(clientDir, 'build.json'), 'utf8')) as { build?: unknown };
    return typeof parsed.build === 'string' && parsed.build ? parsed.build : undefined;
  } catch {
    return undefined;
  }
}

/** Adds the header to every answer when the served build has an id (read once: a deploy restarts). */
export function installBuildHeader(app: App, clientDir: string): void {
  const id = readBuildId(clientDir);
  if (!id) return;
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(BUILD_HEADER, id);
    return payload;
  });
}
