/** Reads the e2e server's mail outbox (DATA_DIR/mail/*.eml), as a player would read their inbox. */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from './env';

/** A parsed mail of the outbox. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function readAll(): Promise<OutboxMail[]> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails: OutboxMail[] = [];
  for (const f of files) {
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, f)));
    const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(',') : (parsed.to?.text ?? '');
    mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
  }
  return mails;
}

/** Waits for the newest mail to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = (await readAll()).filter((m) => m.to.includes(to) && subject.test(m.subject)).pop();
    if (match) return match;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail's text that starts with `prefix` (an absolute URL of the product). */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s]*${pathPrefix.replace(/\//g, '\\/')}[^\\s]*`));
  if (!m) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}":\n${mail.text}`);
  return m[0];
}
