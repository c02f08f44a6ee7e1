/** A real SMTP server on loopback that keeps every mail it receives, parsed, for tests to read. */
import { createRequire } from 'node:module';
import { SMTPServer } from 'smtp-server';

/** A received mail, reduced to what tests check. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The running server: its URL, the mails so far, and a wait for the next matching one. */
export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `to` (after the first `skip` ones) whose subject matches. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface ParsedAddress {
  text: string;
}
interface Parsed {
  to?: ParsedAddress | ParsedAddress[];
  subject?: string;
  text?: string;
  html?: string | false;
}
// mailparser ships no types; this is the one function used.
const { simpleParser } = createRequire(import.meta.url)('mailparser') as { simpleParser(s: NodeJS.ReadableStream): Promise<Parsed> };

/** Starts the server on 127.0.0.1 at a free port. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((p) => {
          const to = Array.isArray(p.to) ? p.to.map((a) => a.text).join(',') : (p.to?.text ?? '');
          mails.push({ to, subject: p.subject ?? '', text: p.text ?? '', html: p.html || '' });
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  function find(to: string, subject?: RegExp): ReceivedMail | undefined {
    return mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to, subject, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = find(to, subject);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (have: ${mails.map((m) => m.to).join(', ')})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first URL in a mail's text that contains `pathPart`. */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const hit = mail.text.split(/\s+/).find((w) => /^https?:\/\//.test(w) && w.includes(pathPart));
  if (!hit) throw new Error(`no ${pathPart} link in mail "${mail.subject}":\n${mail.text}`);
  return hit;
}
