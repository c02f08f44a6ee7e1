/**
 * The languages the client ships and how one is chosen. A language is a folder, languages/<code>/ (the primary
 * subtag: "de" serves "de-CH"), holding one file per part of the catalogue: copy languages/en/, type each file's
 * `messages` as `Parts['<part>']` (see messages.ts), translate the strings. Nothing else changes: the part
 * modules (t.ts, t/*.ts) find every language's files by glob, so a translation is files, not a code change.
 */

/** The language code of a catalogue file from its path (`./languages/de/world.ts` → `de`). */
export function languageOf(file: string): string {
  const code = /languages\/([^/]+)\/[^/]+$/.exec(file)?.[1];
  if (!code) throw new Error(`not a catalogue file: ${file}`);
  return code.toLowerCase();
}

/**
 * One part of the catalogue in the first of `languages` that has it, English otherwise. `files` is the
 * part's files by path, as `import.meta.glob('./languages/* /<part>.ts', { eager: true, import: 'messages' })`
 * gives them.
 */
export function partFor<P>(files: Readonly<Record<string, P>>, languages: readonly string[] = playerLanguages()): P {
  const byLanguage = new Map(Object.entries(files).map(([file, part]) => [languageOf(file), part]));
  for (const tag of languages) {
    const found = byLanguage.get(tag.toLowerCase().split('-')[0] ?? '');
    if (found) return found;
  }
  const english = byLanguage.get('en');
  if (!english) throw new Error(`the English file of a catalogue part is missing (found: ${[...byLanguage.keys()].join(', ')})`);
  return english;
}

/** The browser's preferred languages, most preferred first (none outside a browser). */
export function playerLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  if (nav?.languages?.length) return nav.languages;
  return nav?.language ? [nav.language] : [];
}
