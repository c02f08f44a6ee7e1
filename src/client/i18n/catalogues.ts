/**
 * The languages the client ships and how one is chosen. To add a translation: copy en.ts to e.g. de.ts as
 * `export const de: Messages = { … }` (the type checker lists every missing key), translate the strings,
 * and register it in CATALOGUES below. Nothing else changes: screens read their texts through `t`.
 */
import { en } from './en';
import type { Messages } from './messages';

/** Every catalogue the client ships, by primary language subtag ("en" of "en-GB"). */
export const CATALOGUES: Readonly<Record<string, Messages>> = { en };

/** The catalogue of the first of `languages` the client ships; English when none is shipped. */
export function catalogueFor(languages: readonly string[], shipped: Readonly<Record<string, Messages>> = CATALOGUES): Messages {
  for (const tag of languages) {
    const found = shipped[tag.toLowerCase().split('-')[0] ?? ''];
    if (found) return found;
  }
  return en;
}

/** The browser's preferred languages, most preferred first (none outside a browser). */
export function playerLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  if (nav?.languages?.length) return nav.languages;
  return nav?.language ? [nav.language] : [];
}
