/** Password rules (OWASP ASVS 5 V6.2): length, the common-password list, not the name or the e-mail. */
import { describe, expect, it } from 'vitest';
import { ErrorBag } from '../../../src/server/domain/errors';
import { checkPassword, containsOwner, isCommonPassword, PASSWORD_TEXTS } from '../../../src/server/domain/auth/passwordRules';

const errors = async (password: string, owner = {}, confirmation = password) => {
  const bag = new ErrorBag();
  await checkPassword(bag, password, confirmation, owner);
  return bag.errors.password ?? [];
};

describe('checkPassword', () => {
  it('takes 8 to 256 characters, passphrases and any script, with no composition rule', async () => {
    expect(await errors('abcdefgh-ij')).toEqual([]);
    expect(await errors('correct horse battery staple')).toEqual([]);
    expect(await errors('ключ-от-двери')).toEqual([]);
    expect(await errors('x'.repeat(256))).toEqual([]);
    expect(await errors('😀😀😀😀😀😀😀😀')).toEqual([]);
    expect(await errors('abc1')).toEqual([PASSWORD_TEXTS.min]);
    expect(await errors('x'.repeat(257))).toEqual([PASSWORD_TEXTS.max]);
    expect(await errors('')).toEqual([PASSWORD_TEXTS.required]);
  });

  it('refuses common and breached passwords in any letter case', async () => {
    for (const p of ['password', 'Password1', '12345678', 'qwertyuiop', 'iloveyou', 'secret123', 'TRUSTNO1']) {
      expect(await isCommonPassword(p), p).toBe(true);
      expect(await errors(p)).toEqual(expect.arrayContaining([p.length < 8 ? PASSWORD_TEXTS.min : PASSWORD_TEXTS.common]));
    }
    expect(await isCommonPassword('sesame-otter-7')).toBe(false);
  });

  it("refuses the owner's name or e-mail local part inside the password", async () => {
    const owner = { name: 'Zanzibar', email: 'quokka77@example.com' };
    expect(await errors('my-zanzibar-pass', owner)).toEqual([PASSWORD_TEXTS.personal]);
    expect(await errors('QUOKKA77 is me', owner)).toEqual([PASSWORD_TEXTS.personal]);
    expect(await errors('example.com-rules', owner)).toEqual([]);
    // Too short to forbid as a substring.
    expect(containsOwner('abcdefgh', { email: 'a@b.cd' })).toBe(false);
  });

  it('refuses control characters and a different confirmation', async () => {
    expect(await errors('abc\u0000defghij')).toEqual([PASSWORD_TEXTS.invalid]);
    expect(await errors('sesame-otter-7', {}, 'sesame-otter-8')).toEqual([PASSWORD_TEXTS.confirmed]);
  });
});
