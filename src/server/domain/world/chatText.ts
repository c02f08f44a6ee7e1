/**
 * The text of a verse, yell or inscription as it is stored and echoed: plain text (the client never renders
 * it as HTML), cleaned by the shared player-text rule, trimmed, non-empty and within the action's length.
 */
import { AppError } from '../errors';
import { VERSE_REQUIRED, verseTooLong } from './worldTexts';
import { cleanPlayerText } from '../../../shared/text/normaliseText';

/** A 422 under `verse`. */
function refuse(text: string): AppError {
  return new AppError(422, text, { verse: [text] });
}

/** The cleaned text of `raw` (the body's `verse`); 422 under `verse` when empty, not text or over `max` characters. */
export function readVerse(raw: unknown, max: number): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw refuse(VERSE_REQUIRED);
  // The one player-text cleaner: lone surrogates → U+FFFD, NFC, zero-width and bidi controls removed, C0/C1
  // controls (newlines too: a verse is one line in a bubble) → a space.
  const text = cleanPlayerText(String(raw)).trim();
  if (text === '') throw refuse(VERSE_REQUIRED);
  // Counted in code points, as a player counts characters (an emoji is one).
  if ([...text].length > max) throw refuse(verseTooLong(max));
  return text;
}
