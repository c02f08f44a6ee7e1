/**
 * Fetches the app's start-up chunks in parallel once the splash has painted: the build lists them in
 * `<meta name="app-chunks">` (scripts/build/firstScreenPreload.ts); each becomes a modulepreload link, so
 * the stages that main.tsx imports one after another find their code already loaded. Nothing in dev (no list).
 */

/** Adds a modulepreload link for every chunk the page lists. */
export function preloadAppChunks(doc: Document = document): void {
  const list = doc.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}
