/** The nickname rule shared by the server and the register form: every script's letters, digits, - and _. */
import { describe, expect, it } from 'vitest';
import {
  NICKNAME_CHARACTERS,
  NICKNAME_MIXED_SCRIPTS,
  NICKNAME_REQUIRED,
  NICKNAME_TOO_LONG,
  NICKNAME_TOO_SHORT,
  nicknameError,
  nicknameKey,
  normalizeNickname,
} from '../../../src/shared/rules/nickname';

describe('nicknameError', () => {
  it.each([
    'Zoë-李_42',
    'player_1',
    'Дмитрий',
    'Ωκεανός',
    'देवनागरी',
    'ไทยเล่น',
    'لاعب٣٤',
    'abc',
    '李'.repeat(32),
    '𠀀'.repeat(32),
    'Zoe\u0308',
  ])('allows %s', (name) => expect(nicknameError(name)).toBeNull());

  it.each([
    ['a b', NICKNAME_CHARACTERS],
    ['<x>', NICKNAME_CHARACTERS],
    ['dot.name', NICKNAME_CHARACTERS],
    ['fox🦊', NICKNAME_CHARACTERS],
    ['abc\u202Edef', NICKNAME_CHARACTERS],
    ['ab\u200Bcd', NICKNAME_CHARACTERS],
    ['\u0301abc', NICKNAME_CHARACTERS],
    ['½½½', NICKNAME_CHARACTERS],
    ['', NICKNAME_REQUIRED],
    ['   ', NICKNAME_REQUIRED],
    ['ab', NICKNAME_TOO_SHORT],
    ['李'.repeat(33), NICKNAME_TOO_LONG],
    ['a'.repeat(33), NICKNAME_TOO_LONG],
  ])('refuses %j', (name, text) => expect(nicknameError(name)).toBe(text));

  it.each(['GоldenStern', 'Ivan_Иван', 'αβγabc', 'Kim_Ωμέγα', 'abcالعربية'])('refuses %s, which mixes scripts that cannot mix', (name) =>
    expect(nicknameError(name)).toBe(NICKNAME_MIXED_SCRIPTS),
  );

  it.each(['Zoë-李_42', 'たなかタナカ田中', 'Kim김철수', 'Lin_ㄅㄆ林', 'abcーdef', '日本ー語'])(
    'allows %s: Latin with Chinese, Japanese or Korean',
    (name) => expect(nicknameError(name)).toBeNull(),
  );

  it('counts characters of the composed form, so a decomposed accent does not make a name longer', () => {
    expect(nicknameError('e\u0301'.repeat(32))).toBeNull();
  });

  it('says exactly what is allowed', () => {
    expect(NICKNAME_CHARACTERS).toMatch(/letters .*any alphabet.*digits.*dashes \(-\).*underscores \(_\)/);
  });
});

describe('nicknameKey and normalizeNickname', () => {
  it('fold case, normal form and width to one key', () => {
    const keys = ['Zoë', 'ZOË', 'Zoe\u0308', 'ｚｏë'].map(nicknameKey);
    expect(new Set(keys)).toEqual(new Set(['zoë']));
  });

  it('store the composed form', () => {
    expect(normalizeNickname('Zoe\u0308')).toBe('Zoë');
  });
});
