/** The verse text rule: controls and bidi overrides become spaces, trimmed, non-empty, within the limit in code points. */
import { describe, expect, it } from 'vitest';
import { readVerse } from '../../../../../src/server/domain/world/chatText';
import type { AppError } from '../../../../../src/server/domain/errors';
import { VERSE_REQUIRED, verseTooLong } from '../../../../../src/server/domain/world/worldTexts';

function refusal(raw: unknown, max = 10): AppError {
  try {
    readVerse(raw, max);
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
}

describe('readVerse', () => {
  it('keeps text as text: controls become spaces, direction overrides and zero-width characters go, lone surrogates become U+FFFD', () => {
    expect(readVerse('  <i>a</i>\u0000b\nc\u202ed\u2066e\u200bf\u0085 ', 40)).toBe('<i>a</i> b cdef');
    expect(readVerse('x\ud800y', 40)).toBe('x\ufffdy');
    expect(readVerse(42, 10)).toBe('42');
  });

  it('counts code points, so an emoji is one character', () => {
    expect(readVerse('🏛'.repeat(10), 10)).toBe('🏛'.repeat(10));
    expect(refusal('🏛'.repeat(11))).toMatchObject({ status: 422, message: verseTooLong(10), errors: { verse: [verseTooLong(10)] } });
  });

  it('refuses what is missing, not text or empty once cleaned', () => {
    for (const raw of [undefined, null, '', '  ', '\u0001\u202a', {}, ['a'], true]) {
      expect(refusal(raw)).toMatchObject({ status: 422, message: VERSE_REQUIRED, errors: { verse: [VERSE_REQUIRED] } });
    }
  });
});
