/**
 * index.html's words from the message catalogue: `%t.common.splash%` becomes the English core part's text
 * when the page is built (and served in dev). The static splash paints before any script runs, so it speaks
 * the default language; the catalogue stays the one place the words are written.
 */
import type { Plugin } from 'vite';
import { messages } from '../../src/client/i18n/languages/en/core.js';

/** A placeholder: `%t.` then the message's path in the core part, then `%`. */
const PLACEHOLDER = /%t\.([A-Za-z0-9_.]+)%/g;

/** `html` with every placeholder filled from `catalogue`; a path that names no text is an error. */
export function fillCatalogueText(html: string, catalogue: object = messages): string {
  return html.replace(PLACEHOLDER, (_, path: string) => {
    const text = path
      .split('.')
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), catalogue);
    if (typeof text !== 'string') throw new Error(`index.html: %t.${path}% names no text of the core catalogue`);
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  });
}

/** Fills index.html's catalogue placeholders before Vite processes the page. */
export function catalogueHtmlPlugin(): Plugin {
  return { name: 'aeon-catalogue-html', transformIndexHtml: { order: 'pre', handler: (html) => fillCatalogueText(html) } };
}
