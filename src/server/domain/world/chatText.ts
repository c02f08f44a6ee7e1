/**
 * The text of a verse, yell or inscription as it is stored and echoed: plain text (the client never renders
 * it as HTML), without control characters, trimmed, non-empty and within the action's length.
 */
import { AppError } from '../errors';
import { VERSE_REQUIRED, verseTooLong } from './worldTexts';

/**
 * C0/C1 controls (newlines too: a verse is one line in a bubble) and the bidirectional overrides and
 * isolates, which would let one line reverse how the text after it reads in the chat log.
 */
function unwanted(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/** A 422 under `verse`. */
function refuse(text: string): AppError {
  return new AppError(422, text, { verse: [text] });
}

/** The cleaned text of `raw` (the body's `verse`); 422 under `verse` when empty, not text or over `max` characters. */
export function readVerse(raw: unknown, max: number): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw refuse(VERSE_REQUIRED);
  const text = Array.from(String(raw), (ch) => (unwanted(ch.codePointAt(0)!) ? ' ' : ch)).join('').trim();
  if (text === '') throw refuse(VERSE_REQUIRED);
  // Counted in code points, as a player counts characters (an emoji is one).
  if ([...text].length > max) throw refuse(verseTooLong(max));
  return text;
}
