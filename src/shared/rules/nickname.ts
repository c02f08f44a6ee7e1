/**
 * The nickname rule, one for the server and the register form: 3–32 characters, letters of any script
 * (with their accents and other combining marks), decimal digits of any script, `-` and `_`; letters of one
 * script, or Latin with Chinese, Japanese or Korean (Unicode UTS #39 "highly restrictive"), so "GоldenStern"
 * with a Cyrillic о cannot pass for the admin.
 */

/** Fewest characters of a nickname. */
export const NICKNAME_MIN = 3;
/** Most characters of a nickname (the purse title is laid out for this many). */
export const NICKNAME_MAX = 32;

/** The text of a nickname with a character outside the rule: it names exactly what is allowed. */
export const NICKNAME_CHARACTERS =
  'The name field may only contain letters (of any alphabet, accents included), digits, dashes (-) and underscores (_).';
/** The text of a nickname that mixes scripts outside the allowed combinations. */
export const NICKNAME_MIXED_SCRIPTS =
  'The name field must use the letters of one alphabet (Latin letters may be combined with Chinese, Japanese or Korean characters).';
/** The text of an empty nickname. */
export const NICKNAME_REQUIRED = 'The name field is required.';
/** The text of a too-short nickname. */
export const NICKNAME_TOO_SHORT = `The name field must be at least ${NICKNAME_MIN} characters.`;
/** The text of a too-long nickname. */
export const NICKNAME_TOO_LONG = `The name field must not be greater than ${NICKNAME_MAX} characters.`;

// A mark only after a letter or digit, never alone or first: accents and vowel signs belong to a letter,
// and a name cannot be a pile of marks. Format characters (bidi overrides, zero-width joiners), spaces,
// symbols and punctuation other than - and _ are outside \p{L}, \p{Nd} and \p{M}.
const NICKNAME = /^(?:[\p{L}\p{Nd}_-]\p{M}*)+$/u;

// Scripts told apart; a letter of any other script counts as "Other" (one more script that cannot mix).
// Letters of the Common script (e.g. the kana prolonged sound mark ー) belong to no script and mix freely.
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
const COMMON = /\p{Script=Common}/u;
const LETTER = /\p{L}/u;
// UTS #39 highly restrictive: one script, or a subset of one of these.
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Whether the letters of `name` keep to one script or an allowed mix. */
function scriptsAllowed(name: string): boolean {
  const used = new Set<string>();
  for (const ch of name) {
    if (!LETTER.test(ch) || COMMON.test(ch)) continue;
    used.add(SCRIPT_TESTS.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  if (used.size <= 1) return true;
  return ALLOWED_MIXES.some((mix) => [...used].every((s) => mix.has(s)));
}

/** The stored form of a nickname: NFC, so "Zoë" typed composed or decomposed is one name. */
export function normalizeNickname(name: string): string {
  return name.normalize('NFC');
}

/**
 * The key two nicknames collide on: compatibility-folded (full-width "Ｚ" is "Z") and lower-cased, so
 * "Zoë", "ZOË" and "ｚｏë" cannot be three players.
 */
export function nicknameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFC');
}

/** Characters as a reader counts them (code points of the NFC form, so an astral letter is one). */
function characters(name: string): number {
  return [...normalizeNickname(name)].length;
}

/** The error text of a nickname, or null when it is allowed. */
export function nicknameError(name: string): string | null {
  if (name.trim() === '') return NICKNAME_REQUIRED;
  if (!NICKNAME.test(normalizeNickname(name))) return NICKNAME_CHARACTERS;
  if (!scriptsAllowed(name)) return NICKNAME_MIXED_SCRIPTS;
  const n = characters(name);
  if (n < NICKNAME_MIN) return NICKNAME_TOO_SHORT;
  if (n > NICKNAME_MAX) return NICKNAME_TOO_LONG;
  return null;
}
