/**
 * Every language folder of the catalogue (src/client/i18n/languages/<code>/<part>.ts), read as the app's
 * part modules read them, and each language's parts put together into its whole catalogue.
 */
import type { Messages, PartName } from '../../../../src/client/i18n/messages';

/** Each catalogue file's `messages`, by path. */
export const languageFiles: Record<string, object> = import.meta.glob<object>('../../../../src/client/i18n/languages/*/*.ts', {
  eager: true,
  import: 'messages',
});

/** The part files of each language, by language code and part name. */
export function partsByLanguage(files: Record<string, object> = languageFiles): Map<string, Map<string, object>> {
  const byLanguage = new Map<string, Map<string, object>>();
  for (const [file, messages] of Object.entries(files)) {
    const [, code = '', part = ''] = /languages\/([^/]+)\/([^/]+)\.ts$/.exec(file) ?? [];
    if (!byLanguage.has(code)) byLanguage.set(code, new Map());
    byLanguage.get(code)!.set(part, messages);
  }
  return byLanguage;
}

/** One language's parts put together (the sections of every part side by side). */
export function wholeCatalogue(code: string): Messages {
  const parts = partsByLanguage().get(code);
  if (!parts) throw new Error(`no language folder ${code}`);
  return Object.assign({}, ...parts.values()) as Messages;
}

/** The English catalogue, whole. */
export const en: Messages = wholeCatalogue('en');

/** The parts of the English catalogue, by name. */
export const englishParts = partsByLanguage().get('en') as Map<PartName, object>;
