/**
 * The entry (src/client/app/main.tsx) only lets the static splash paint, then imports the app in stages. So
 * that each stage's chunks are not fetched one round trip after the last, the built index.html lists them,
 * and the chunks they import, in a `<meta name="app-chunks">`; the entry turns the list into modulepreload
 * links once the splash has painted (`preloadAppChunks.ts`): all fetched at once, in parallel, each run when
 * its stage comes. Not as links in the HTML: requests that start before the first paint only compete with
 * the stylesheet it needs, and Lighthouse counts every script requested before the largest paint as
 * delaying it (its simulated LCP was 1.5–2.1 s with the links in the HTML, 0.9–1.0 s without).
 */
import type { Plugin } from 'vite';

/** The chunks a chunk imports statically, transitively (file names as in the bundle). */
function staticClosure(bundle: Record<string, { type: string; imports?: string[] }>, file: string, into: Set<string>): Set<string> {
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const dep of chunk.imports ?? []) staticClosure(bundle, dep, into);
  return into;
}

/** Lists the entry's dynamic imports and their static imports in the built index.html (`<meta name="app-chunks">`). */
export function firstScreenPreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'aeon-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk) return html;
        const b = bundle as unknown as Record<string, { type: string; imports?: string[] }>;
        const listed = staticClosure(b, chunk.fileName, new Set());
        const wanted = new Set<string>();
        for (const file of chunk.dynamicImports) staticClosure(b, file, wanted);
        const files = [...wanted].filter((file) => !listed.has(file) && file.endsWith('.js')).map((file) => `${base}${file}`);
        return [{ tag: 'meta', attrs: { name: 'app-chunks', content: files.join(' ') }, injectTo: 'head' as const }];
      },
    },
  };
}
