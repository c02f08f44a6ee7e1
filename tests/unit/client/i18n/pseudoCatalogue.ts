/**
 * A second language for the tests: every English message wrapped in ⟦…⟧, strings and functions alike. It is
 * typed as `Messages`, so it only compiles while it has exactly the catalogue's keys and signatures.
 */
import { en } from './languageFiles';
import type { Messages } from '../../../../src/client/i18n/messages';

/** `messages` with each text wrapped; functions keep their parameters. */
function wrapped<T>(messages: T): T {
  if (typeof messages === 'string') return `⟦${messages}⟧` as T;
  if (typeof messages === 'function') return ((...args: unknown[]) => `⟦${(messages as (...a: unknown[]) => string)(...args)}⟧`) as T;
  if (Array.isArray(messages)) return messages.map((m: unknown) => wrapped(m)) as T;
  if (typeof messages === 'object' && messages !== null) {
    return Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, wrapped(v)])) as T;
  }
  return messages;
}

/** The pseudo-language catalogue. */
export const pseudo: Messages = wrapped(en);
