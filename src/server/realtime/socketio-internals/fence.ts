/**
 * The fence around this folder: every patch here reaches into non-public fields of Socket.IO, engine.io,
 * socket.io-parser, ws or Node's EventEmitter, so each runs only on the exact releases it was written and
 * tested for. On any other release it is skipped and says so once (a console warning): Socket.IO then runs
 * as it ships, and an upgrade costs memory per socket, never a socket.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The releases every patch in this folder was written for and is tested against. */
export const SOCKETIO_WRITTEN_FOR: Readonly<Record<string, string>> = Object.freeze({
  'socket.io': '4.8.4',
  'engine.io': '6.6.11',
  'socket.io-parser': '4.2.7',
  ws: '8.23.0',
  // Node's EventEmitter keeps `_events` as compactObjects.ts expects on these majors.
  node: '20|22|24',
});

/** The patches of this folder, by name (the names SOCKETIO_INTERNALS_OFF takes). */
export type SocketIoPatch = 'frame' | 'heartbeat' | 'parser' | 'trims';

/** The package.json version of `name` as the server resolves it (from socket.io's own folder, which is what it loads). */
function packageVersion(name: string): string {
  try {
    const fromSocketIo = createRequire(createRequire(import.meta.url).resolve('socket.io'));
    // engine.io's `exports` hide its package.json: walk up from its entry point to the folder that has it.
    for (let dir = path.dirname(fromSocketIo.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version ?? 'unknown';
      } catch {
        // No package.json at this level: keep walking up.
      }
    }
  } catch {
    // Not resolvable: treated as a version this folder was not written for.
  }
  return 'unknown';
}

/** The releases installed here, read once. */
export function installedVersions(): Record<string, string> {
  return {
    ...Object.fromEntries(['socket.io', 'engine.io', 'socket.io-parser', 'ws'].map((name) => [name, packageVersion(name)])),
    node: process.versions.node,
  };
}

let installed: Record<string, string> | undefined;
let warned = false;

/** The first library whose installed release differs from the one written for, or undefined. */
export function versionMismatch(versions: Record<string, string>): string | undefined {
  for (const [name, wanted] of Object.entries(SOCKETIO_WRITTEN_FOR)) {
    const have = versions[name] ?? 'unknown';
    const ok = name === 'node' ? wanted.split('|').includes(have.split('.')[0]!) : have === wanted;
    if (!ok) return `${name} ${have} (written for ${wanted})`;
  }
  return undefined;
}

/**
 * Whether `patch` may run: every library is the release this folder was written for (`versions`, read from
 * the installed packages unless a test passes others) and SOCKETIO_INTERNALS_OFF (`all` or a comma list of
 * patch names, for same-run A/B benches) does not name it. The first refusal for a version warns once.
 */
export function socketIoPatchEnabled(patch: SocketIoPatch, versions?: Record<string, string>): boolean {
  const off = (process.env.SOCKETIO_INTERNALS_OFF ?? '').split(',').map((s) => s.trim());
  if (off.includes('all') || off.includes(patch)) return false;
  const mismatch = versionMismatch(versions ?? (installed ??= installedVersions()));
  if (mismatch === undefined) return true;
  if (!warned) {
    warned = true;
    console.warn(`${mismatch}: the Socket.IO patches of library internals are off (src/server/realtime/socketio-internals)`);
  }
  return false;
}

/** Forgets the warning (tests only). */
export function resetSocketIoFenceWarning(): void {
  warned = false;
}
