// The message catalogue: no message is empty, a second language must have every key (a type error
// otherwise), the language is chosen from the browser's list with English as the fallback, and the parts
// stay apart (each screen's `t` carries its part; the entry chunk's carries only the core).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../../../src/client/i18n/messages';
import { languageOf, partFor } from '../../../../src/client/i18n/catalogues';
import { formatDate, formatDecimalText, formatNumber, playerLocale } from '../../../../src/client/i18n/format';
import { t as core } from '../../../../src/client/i18n/t';
import { t as items } from '../../../../src/client/i18n/t/items';
import { t as world } from '../../../../src/client/i18n/t/world';
import { en, englishParts, partsByLanguage } from './languageFiles';
import { pseudo } from './pseudoCatalogue';

const ROOT = join(import.meta.dirname, '../../../..');

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

  it("keeps the spec's exact texts, spelling included", () => {
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

describe('the parts of the catalogue', () => {
  it('hold each section once, and every part but the core has its t/<part>.ts module', () => {
    const sections = [...englishParts.values()].flatMap((part) => Object.keys(part));
    expect(sections.length).toBe(new Set(sections).size);
    expect(sections.sort()).toEqual(Object.keys(en).sort());
    const modules = readdirSync(join(ROOT, 'src/client/i18n/t')).map((f) => f.replace(/\.ts$/, ''));
    expect([...englishParts.keys()].filter((p) => p !== 'core').sort()).toEqual(modules.sort());
  });

  it('give a screen its part on top of the core, and the core alone to the entry chunk', () => {
    expect(items.items.train.succeeded).toBe('Transmutation succesfull!');
    expect(items.eidol).toBe(en.eidol); // items screens name eidols: the home part comes along
    expect(items.login).toBe(core.login);
    expect(world.world.incenseActive(4, '5 min')).toBe('x4 Green Mining Rate for 5 min');
    expect(Object.keys(core).sort()).toEqual(Object.keys(englishParts.get('core')!).sort());
    expect('items' in core || 'world' in core || 'eidol' in core).toBe(false);
  });

  it('are read only through the part modules (a direct import would put a part in the wrong chunk)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const direct = sources(join(ROOT, 'src/client'))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith('src/client/i18n/') && /i18n\/languages\//.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(direct).toEqual([]);
  });

  it('are complete in every language folder: the same parts and the same messages as English', () => {
    /** What `parts` lacks or has beyond English: `part` or `part:message.path`. */
    const gaps = (parts: Map<string, object>): string[] => {
      const list = (ps: Map<string, object>) =>
        new Set([...ps].flatMap(([name, part]) => [name, ...messages(part).map(([path]) => `${name}:${path}`)]));
      const want = list(englishParts);
      const have = list(parts);
      return [
        ...[...want].filter((k) => !have.has(k)).map((k) => `missing ${k}`),
        ...[...have].filter((k) => !want.has(k)).map((k) => `extra ${k}`),
      ];
    };
    for (const [code, parts] of partsByLanguage()) expect({ code, gaps: gaps(parts) }).toEqual({ code, gaps: [] });
    // a folder without the world part, and with a stray key in its core, is caught
    const half = new Map([...englishParts].filter(([name]) => name !== 'world'));
    half.set('core', { ...englishParts.get('core'), stray: 'x' });
    expect(gaps(half)).toEqual(expect.arrayContaining(['missing world', 'missing world:world.chatLog', 'extra core:stray']));
  });
});

describe('choosing the language', () => {
  const files = { './languages/en/core.ts': en, './languages/xx/core.ts': pseudo };

  it('takes the first browser language shipped, by its primary subtag', () => {
    expect(partFor(files, ['fr-FR', 'xx-YY', 'en'])).toBe(pseudo);
    expect(partFor(files, ['en-GB', 'xx'])).toBe(en);
    expect(partFor(files, ['XX'])).toBe(pseudo);
  });

  it('falls back to English when none is shipped', () => {
    expect(partFor(files, ['fr', 'de-CH'])).toBe(en);
    expect(partFor(files, [])).toBe(en);
  });

  it('names the language of a file from its folder, and refuses a part without English', () => {
    expect(languageOf('../languages/pt/world.ts')).toBe('pt');
    expect(() => languageOf('./t/world.ts')).toThrow(/not a catalogue file/);
    expect(() => partFor({ './languages/xx/core.ts': pseudo }, ['fr'])).toThrow(/English file .* missing \(found: xx\)/);
  });
});

describe('locale formatting', () => {
  it('formats free-format numbers and dates through Intl', () => {
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat(playerLocale()).format(1234567));
    const when = Date.UTC(2026, 0, 2, 3, 4);
    expect(formatDate(when)).toBe(new Intl.DateTimeFormat(playerLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(when));
  });

  it('groups a decimal string of any size and keeps every digit', () => {
    const parts = new Intl.NumberFormat(playerLocale()).formatToParts(1234567.5);
    const group = parts.find((p) => p.type === 'group')?.value ?? '';
    const decimal = parts.find((p) => p.type === 'decimal')!.value;
    expect(formatDecimalText('11100000')).toBe(`11${group}100${group}000`);
    // Past a float's 15–17 digits: nothing rounded.
    expect(formatDecimalText('-123456789012345678901.000000000000000001')).toBe(
      `-123${group}456${group}789${group}012${group}345${group}678${group}901${decimal}000000000000000001`,
    );
    expect(formatDecimalText('0.25')).toBe(`0${decimal}25`);
    expect(formatDecimalText('n/a')).toBe('n/a');
  });
});
