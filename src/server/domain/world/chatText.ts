/**
 * The text of a verse, yell or inscription as it is stored and echoed: plain text (the client never renders
 * it as HTML), without control characters, trimmed, non-empty and within the action's length.
 */
import { AppError } from '../errors';
import { VERSE_REQUIRED, verseTooLong } from './worldTexts';

// C0/C1 controls (newlines too: a verse is one line in a bubble) and the bidirectional overrides and
// isolates, which would let one line reverse how the text after it reads in the chat log.
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A 422 under `verse`. */
function refuse(text: string): AppError {
  return new AppError(422, text, { verse: [text] });
}

/** The cleaned text of `raw` (the body's `verse`); 422 under `verse` when empty, not text or over `max` characters. */
export function readVerse(raw: unknown, max: number): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw refuse(VERSE_REQUIRED);
  const text = String(raw).replace(UNWANTED, ' ').trim();
  if (text === '') throw refuse(VERSE_REQUIRED);
  // Counted in code points, as a player counts characters (an emoji is one).
  if ([...text].length > max) throw refuse(verseTooLong(max));
  return text;
}
