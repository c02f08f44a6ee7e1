/**
 * The entry (src/client/app/main.tsx) only lets the static splash paint, then imports the app in stages. So
 * that each stage's chunks are not fetched one round trip after the last, the built index.html lists them,
 * and the chunks they import, in a `<meta name="app-chunks">`; the entry turns the list into modulepreload
 * links once the splash has painted (`preloadChunks.ts`, two a task): all fetched at once, in parallel, each run when
 * its stage comes. Not as links in the HTML: requests that start before the first paint only compete with
 * the stylesheet it needs, and Lighthouse counts every script requested before the largest paint as
 * delaying it (its simulated LCP was 1.5–2.1 s with the links in the HTML, 0.9–1.0 s without).
 *
 * The lazy modules on the way to home (LAZY_ON_THE_WAY_HOME) get a list each, `<meta name="chunks-of:NAME">`:
 * their chunks not already listed, which the app links a few per task just before importing them
 * (`preloadChunksOf`), instead of Vite's helper adding them all in the importing task.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The lazy modules a returning player's load of home imports (the session's services, home's screen, the stage). */
export const LAZY_ON_THE_WAY_HOME = [
  'src/client/app/sessionServices.ts',
  'src/client/hud/screens/HomeScreen.tsx',
  'src/client/app/StageHost.tsx',
];

/** A chunk as the plugin reads it from the bundle. */
interface BundleChunk {
  type: string;
  imports?: string[];
  facadeModuleId?: string | null;
}

/** The chunks a chunk imports statically, transitively (file names as in the bundle). */
function staticClosure(bundle: Record<string, BundleChunk>, file: string, into: Set<string>): Set<string> {
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const dep of chunk.imports ?? []) staticClosure(bundle, dep, into);
  return into;
}

/** The metas for a bundle: `app-chunks`, then `chunks-of:NAME` per lazy module of `lazyModules` (paths under `root`) found in it. */
export function chunkListMetas(
  bundle: Record<string, BundleChunk>,
  entry: string,
  dynamicImports: readonly string[],
  root: string,
  base: string,
  lazyModules = LAZY_ON_THE_WAY_HOME,
) {
  const listed = staticClosure(bundle, entry, new Set());
  const wanted = new Set<string>();
  for (const file of dynamicImports) staticClosure(bundle, file, wanted);
  const url = (file: string) => `${base}${file}`;
  const js = (files: Iterable<string>) => [...files].filter((file) => !listed.has(file) && file.endsWith('.js'));
  const metas = [{ name: 'app-chunks', content: js(wanted).map(url).join(' ') }];
  for (const file of wanted) listed.add(file);
  for (const module of lazyModules) {
    const id = path.resolve(root, module);
    const file = Object.keys(bundle).find((f) => bundle[f]!.type === 'chunk' && bundle[f]!.facadeModuleId === id);
    if (!file) continue;
    metas.push({
      name: `chunks-of:${path.basename(module).replace(/\.[^.]+$/, '')}`,
      content: js(staticClosure(bundle, file, new Set()))
        .map(url)
        .join(' '),
    });
  }
  return metas;
}

/** Lists the entry's dynamic imports and their static imports in the built index.html (`<meta name="app-chunks">`), and the lazy modules' chunks on the way home. */
export function firstScreenPreloadPlugin(): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'aeon-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk) return html;
        const metas = chunkListMetas(bundle as unknown as Record<string, BundleChunk>, chunk.fileName, chunk.dynamicImports, root, base);
        return metas.map((attrs) => ({ tag: 'meta', attrs, injectTo: 'head' as const }));
      },
    },
  };
}
