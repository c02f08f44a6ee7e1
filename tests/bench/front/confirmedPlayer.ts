/**
 * A player who can see home, made through the API the screens call: registered, e-mail confirmed from the
 * mailed link (read from the server's outbox, DATA_DIR/mail), logged in, onboarding completed. The benches
 * hand its cookies to the browser (Lighthouse's extraHeaders, Playwright's context cookies).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { TestClient, registration } from '../../support/server';

/** A logged-in player's cookies. */
export interface PlayerCookies {
  /** The Cookie header a browser would send. */
  header: string;
  /** The same, name by name. */
  cookies: { name: string; value: string }[];
}

async function verifyToken(dataDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml')) : []) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, f)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
      const token = to.includes(email) ? /\/verify-email\/([^/\s]+)/.exec(mail.text ?? '')?.[1] : undefined;
      if (token) return token;
    }
    if (Date.now() > until) throw new Error(`no confirmation mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function expectOk(what: string, res: Promise<{ status: number; text: string }>): Promise<void> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
}

/** Makes the player on the server at `url` (outbox in `dataDir`) and returns its session cookies. */
export async function confirmedPlayer(url: string, dataDir: string): Promise<PlayerCookies> {
  const id = crypto.randomBytes(4).toString('hex');
  const form = registration(id, { name: `bench_${id}`, email: `bench_${id}@example.test` });
  const client = new TestClient(url);
  await expectOk('register', client.post('/api/auth/register', form));
  const token = await verifyToken(dataDir, String(form.email));
  // Confirming ends the session that asked (the page sends the player to /login), so log in after it.
  await expectOk('confirm', client.post(`/api/register/verify/${token}`));
  await expectOk('login', client.post('/api/auth/login', { username: form.email, password: form.password }));
  await expectOk('onboarding', client.post('/api/onboarding/completed'));
  const status = await client.get('/api/auth/status');
  if (status.status !== 200 || !status.body.data.email_confirmed) throw new Error(`player not ready: ${status.text}`);
  return { header: client.cookieHeader(), cookies: [...client.cookies].map(([name, value]) => ({ name, value })) };
}
