/**
 * Fetches the app's start-up chunks in parallel once the splash has painted: the build lists them in
 * `<meta name="app-chunks">` (scripts/build/firstScreenPreload.ts); each becomes a modulepreload link, so
 * the stages that main.tsx imports one after another find their code already loaded. Nothing in dev (no list).
 */
import { nextTask } from '../engine/nextTask';

/**
 * Links added per task: each link starts its request on the spot (~1 ms of main thread apiece here), and
 * the whole list in one task made one long task (14–32 ms observed, ×4 on a phone).
 */
const LINKS_PER_TASK = 4;

/** Adds a modulepreload link for every chunk the page lists, the first few at once, the rest a few per task. */
export async function preloadAppChunks(doc: Document = document, yieldTask: () => Promise<void> = nextTask): Promise<void> {
  const list = (doc.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content ?? '').split(' ').filter(Boolean);
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % LINKS_PER_TASK === 0) await yieldTask();
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = list[i]!;
    doc.head.appendChild(link);
  }
}
