// index.html's words come from the core catalogue (scripts/build/catalogueHtml.ts): every placeholder names
// a text, the built page carries the catalogue's English, and a wrong path fails the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillCatalogueText } from '../../../scripts/build/catalogueHtml';
import { messages } from '../../../src/client/i18n/languages/en/core';

const ROOT = join(import.meta.dirname, '../../..');

describe('index.html from the catalogue', () => {
  it('fills the title, the noscript line and the static splash with the English texts', () => {
    const html = fillCatalogueText(readFileSync(join(ROOT, 'index.html'), 'utf8'));
    expect(html).toContain(`<title>${messages.common.tagline}</title>`);
    expect(html).toContain(`<noscript>${messages.common.needsJavaScript}</noscript>`);
    expect(html).toContain(`<p>${messages.common.splash}</p>`);
    expect(html).not.toMatch(/%t\.[A-Za-z]/);
  });

  it('escapes markup and refuses a path that names no text', () => {
    expect(fillCatalogueText('<b>%t.a.b%</b>', { a: { b: 'Fish & <Chips>' } })).toBe('<b>Fish &amp; &lt;Chips&gt;</b>');
    expect(() => fillCatalogueText('%t.common.nope%')).toThrow(/names no text/);
    expect(() => fillCatalogueText('%t.common%')).toThrow(/names no text/);
  });
});
