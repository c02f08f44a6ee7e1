/**
 * The one text normaliser of everything the product stores. JavaScript strings may hold lone UTF-16
 * surrogates, which SQLite stores as invalid UTF-8 (ED A0 80) and PostgreSQL as U+FFFD, and NUL, which
 * PostgreSQL refuses: the two databases would hold different text. Every stored string is made well-formed
 * (a lone surrogate becomes U+FFFD, as PostgreSQL does), NFC and NUL-free, so both databases store and
 * compare the same code points.
 */

/** What replaces a lone surrogate (the Unicode replacement character). */
export const REPLACEMENT = '\uFFFD';

/** True when `text` has a character outside ASCII (a plain loop: a regex range from NUL trips the linter's control-character rule). */
function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

/** `text` with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which ES2023 lacks). */
export function wellFormed(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++; // a pair: one astral code point
      continue;
    }
    out += text.slice(from, i) + REPLACEMENT;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

const NUL = /\0/g;

/**
 * The stored form of `text`: well-formed, NFC, and NUL as U+FFFD (PostgreSQL refuses NUL in text, SQLite
 * keeps it). Plain printable ASCII (ids, tokens, hashes, JSON of numbers) is returned as is.
 */
export function normaliseStoredText(text: string): string {
  if (!hasNonAscii(text)) return text.includes('\0') ? text.replace(NUL, REPLACEMENT) : text;
  return wellFormed(text).normalize('NFC').replace(NUL, REPLACEMENT);
}

/**
 * Characters that change how text reads without being seen: zero-width spaces and joiners, the word
 * joiner and invisible operators, the byte-order mark, soft hyphen, and the bidirectional marks,
 * embeddings, overrides and isolates (a name or a chat line could otherwise pose as another or reverse
 * the text after it).
 */
export function isInvisibleFormat(c: number): boolean {
  return (
    c === 0x00ad ||
    c === 0x061c ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2064) ||
    (c >= 0x2066 && c <= 0x206f) ||
    c === 0xfeff
  );
}

/** C0 and C1 control characters (newlines and tabs included). */
export function isControl(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
}

/**
 * Text a player writes for others to read (names, chat): the stored form, invisible format characters
 * removed, controls replaced by a space (a line break cannot start a fake line in a chat bubble).
 */
export function cleanPlayerText(text: string): string {
  let out = '';
  for (const ch of wellFormed(text)) {
    const c = ch.codePointAt(0)!;
    if (isInvisibleFormat(c)) continue;
    out += isControl(c) ? ' ' : ch;
  }
  // NFC after the removals: taking out a joiner may leave a sequence that composes further.
  return out.normalize('NFC');
}
