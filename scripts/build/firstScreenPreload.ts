/**
 * The entry (src/client/app/main.tsx) only lets the static splash paint, then imports the app. So that the
 * app's chunks are not fetched one round trip later, the built index.html lists them, and the chunks they
 * import, as modulepreload links beside the entry's own: fetched at once, run after the first paint. They
 * are fetched at low priority: the first paint needs only the stylesheet, which goes first.
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

/** Adds modulepreload links for the entry's dynamic imports and their static imports to the built index.html. */
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
        return [...wanted]
          .filter((file) => !listed.has(file) && file.endsWith('.js'))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
