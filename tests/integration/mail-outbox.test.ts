/** Without SMTP_URL every mail lands in DATA_DIR/mail as an .eml file and its link is logged. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer';
import { resetMail, verificationMail } from '../../src/server/mail/messages';

const { simpleParser } = createRequire(import.meta.url)('mailparser') as {
  simpleParser(b: Buffer): Promise<{ subject?: string; text?: string; to?: { text: string } }>;
};

describe('mail outbox', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-outbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes RFC 822 files named <time>-<to>.eml and logs each link', async () => {
    const logged: object[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'no-reply@aeon.test',
      dataDir: dir,
      log: { info: (o) => logged.push(o), error: () => {} },
    });
    const brand = { productName: 'Testaeon', publicUrl: 'https://play.example' };
    await mailer.send(verificationMail(brand, 'ann@example.com', 'ann', 'tok-verify'));
    await mailer.send(resetMail(brand, 'ann@example.com', 'ann', 'tok-reset'));
    await mailer.close();

    const files = fs.readdirSync(path.join(dir, 'mail')).sort();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^\d{13}-ann@example\.com(-\d+)?\.eml$/);
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, 'mail', f)))));
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(['Testaeon: confirm your e-mail', 'Testaeon: reset your password']);
    const texts = mails.map((m) => m.text ?? '').join('\n');
    expect(texts).toContain('https://play.example/verify-email/tok-verify/Confirm%20your%20e-mail%20to%20apply%20KYC?ref=mail');
    expect(texts).toContain('https://play.example/reset-password/tok-reset?email=ann%40example.com&ref=mail');
    expect(logged.map((o) => (o as { link?: string }).link)).toEqual([
      'https://play.example/verify-email/tok-verify/Confirm%20your%20e-mail%20to%20apply%20KYC?ref=mail',
      'https://play.example/reset-password/tok-reset?email=ann%40example.com&ref=mail',
    ]);
  });
});
