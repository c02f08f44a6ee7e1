// The message catalogue: no message is empty, a second language must have every key (a type error
// otherwise), and the language is chosen from the browser's list with English as the fallback.
import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/client/i18n/en';
import type { Messages } from '../../../../src/client/i18n/messages';
import { catalogueFor } from '../../../../src/client/i18n/catalogues';
import { formatDate, formatNumber, playerLocale } from '../../../../src/client/i18n/format';
import { pseudo } from './pseudoCatalogue';

/** Every message of `tree` with its path; functions are called with sample arguments. */
function messages(tree: unknown, path = ''): Array<[string, string]> {
  if (typeof tree === 'string') return [[path, tree]];
  if (typeof tree === 'function') {
    const args = Array.from({ length: tree.length }, (_, i) => (i % 2 === 0 ? 'X' : 2));
    return [[`${path}()`, String((tree as (...a: unknown[]) => unknown)(...args))]];
  }
  if (typeof tree === 'object' && tree !== null) return Object.entries(tree).flatMap(([k, v]) => messages(v, path ? `${path}.${k}` : k));
  return [[path, `not a message: ${String(tree)}`]];
}

describe('the English catalogue', () => {
  const all = messages(en);

  it('holds the texts (a few hundred) and none is empty or only spaces', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(([, text]) => text.trim() === '').map(([path]) => path)).toEqual([]);
  });

  it('keeps the spec\'s exact texts, spelling included', () => {
    expect(en.round.open).toBe('Next Crypto Aeon Block in');
    expect(en.notices.forumlike('Ana')).toBe('Ana luves you!');
    expect(en.items.train.succeeded).toBe('Transmutation succesfull!');
    expect(en.world.incenseActive(4, '5 min')).toBe('x4 Green Mining Rate for 5 min');
  });
});

describe('a second language', () => {
  it('type-checks against Messages and translates every message', () => {
    const translated = messages(pseudo);
    expect(translated.map(([path]) => path)).toEqual(messages(en).map(([path]) => path));
    expect(translated.filter(([, text]) => !/^⟦[\s\S]*⟧$/.test(text)).map(([path]) => path)).toEqual([]);
  });

  it('is refused by the type checker when a key is missing', () => {
    const { reload: _dropped, ...pwaWithoutReload } = en.pwa;
    // @ts-expect-error a catalogue without `pwa.reload` is not a Messages
    const partial: Messages = { ...en, pwa: pwaWithoutReload };
    expect('reload' in partial.pwa).toBe(false);
  });
});

describe('choosing the catalogue', () => {
  const shipped = { en, xx: pseudo };

  it('takes the first browser language shipped, by its primary subtag', () => {
    expect(catalogueFor(['fr-FR', 'xx-YY', 'en'], shipped)).toBe(pseudo);
    expect(catalogueFor(['en-GB', 'xx'], shipped)).toBe(en);
  });

  it('falls back to English when none is shipped', () => {
    expect(catalogueFor(['fr', 'de-CH'], shipped)).toBe(en);
    expect(catalogueFor([], shipped)).toBe(en);
  });
});

describe('locale formatting', () => {
  it('formats free-format numbers and dates through Intl', () => {
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat(playerLocale()).format(1234567));
    const when = Date.UTC(2026, 0, 2, 3, 4);
    expect(formatDate(when)).toBe(new Intl.DateTimeFormat(playerLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(when));
  });
});
