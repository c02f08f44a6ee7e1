/**
 * Modulepreload links for chunks the build lists in the page (scripts/build/firstScreenPreload.ts), added a
 * few per task. The app's start-up chunks (`<meta name="app-chunks">`) are fetched in parallel once the
 * splash has painted, so the stages that main.tsx imports one after another find their code already
 * loaded. The lazy modules on the way to home (`<meta name="chunks-of:NAME">`) are linked the same way just
 * before their import: left to Vite's preload helper, the links of a module's ~15 chunks went in at once,
 * inside the task that imports it (a React render, a store update): 78–118 ms on a phone's CPU. The helper
 * skips a chunk already linked. Nothing in dev (no lists).
 */
import { nextTask } from '../engine/nextTask';

/**
 * Links added per task: each link starts its request on the spot (~1 ms of main thread apiece here, up to
 * 4 ms while the page starts), and the whole list in one task made one long task (14–32 ms observed, ×4 on
 * a phone); four a task still made tasks of up to 25 ms observed.
 */
const LINKS_PER_TASK = 2;

/** Adds a modulepreload link for every chunk a meta lists and not yet linked, the first few at once, the rest a few per task. */
async function preloadListed(meta: string, doc: Document, yieldTask: () => Promise<void>): Promise<void> {
  const listed = (doc.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content ?? '').split(' ').filter(Boolean);
  const linked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')));
  const list = listed.filter((href) => !linked.has(href));
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % LINKS_PER_TASK === 0) await yieldTask();
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = list[i]!;
    doc.head.appendChild(link);
  }
}

/** Links the app's start-up chunks (`app-chunks`). */
export function preloadAppChunks(doc: Document = document, yieldTask: () => Promise<void> = nextTask): Promise<void> {
  return preloadListed('app-chunks', doc, yieldTask);
}

/** Links the chunks of the lazy module `name` (its file name without extension), if the page lists them; call just before importing it. */
export function preloadChunksOf(name: string, doc: Document = document, yieldTask: () => Promise<void> = nextTask): Promise<void> {
  return preloadListed(`chunks-of:${name}`, doc, yieldTask);
}
