import { describe, expect, it } from 'vitest';
import { cleanPlayerText, normaliseStoredText, REPLACEMENT, wellFormed } from '../../../../src/shared/text/normaliseText';

describe('the stored-text normaliser', () => {
  it('replaces lone surrogates (high, low, at either end) and keeps pairs', () => {
    expect(wellFormed('a\uD800b')).toBe(`a${REPLACEMENT}b`);
    expect(wellFormed('\uDC00x\uD83D')).toBe(`${REPLACEMENT}x${REPLACEMENT}`);
    expect(wellFormed('\uD83D\uDE00')).toBe('\u{1F600}');
    expect(wellFormed('\uDE00\uD83D')).toBe(REPLACEMENT + REPLACEMENT);
  });

  it('composes to NFC, replaces NUL, and leaves plain ASCII untouched', () => {
    expect(normaliseStoredText('Zoe\u0308')).toBe('Zo\u00eb');
    expect(normaliseStoredText('a\u0000b')).toBe(`a${REPLACEMENT}b`);
    const ascii = 'eyJhbGciOi_-x.y';
    expect(normaliseStoredText(ascii)).toBe(ascii);
  });

  it('cleans player text: invisible format characters removed, controls to a space', () => {
    expect(cleanPlayerText('he\u200Bllo\u202Eevil\u2066x\u2069\uFEFF')).toBe('helloevilx');
    expect(cleanPlayerText('line\nbreak\u0007')).toBe('line break ');
    // Removing a joiner may let the rest compose.
    expect(cleanPlayerText('e\u200B\u0301')).toBe('\u00e9');
  });
});
