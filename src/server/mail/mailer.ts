/**
 * Outgoing mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise every message is written as an
 * RFC 822 file to `DATA_DIR/mail/<time>-<to>.eml` and its link logged, so a developer can follow it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** One message; `link` is the action link it carries, logged for the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

/** Sends mail; `close` waits for sends in flight. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The logging the mailer needs (pino's shape). */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Where mail goes and who sends it. */
export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: MailLog;
}

function outboxFile(dir: string, to: string): string {
  const safeTo = to.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 100);
  const base = `${Date.now()}-${safeTo}`;
  for (let i = 0; ; i++) {
    const file = path.join(dir, i === 0 ? `${base}.eml` : `${base}-${i}.eml`);
    if (!fs.existsSync(file)) return file;
  }
}

/** Builds the mailer the configuration asks for. */
export function createMailer(opts: MailerOptions): Mailer {
  const outbox = opts.smtpUrl === undefined ? path.join(opts.dataDir, 'mail') : undefined;
  // nodemailer loads on the first message, not at the server's start: most starts send none for a while.
  let transport: Promise<Transporter> | undefined;
  const transportReady = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      outbox
        ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : nodemailer.createTransport(opts.smtpUrl),
    ));
  const inFlight = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const ready = await transportReady();
    // An address object: nodemailer takes it as one recipient and never re-parses it into several.
    const info = await ready.sendMail({
      from: opts.from,
      to: { name: '', address: message.to },
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (outbox) {
      fs.mkdirSync(outbox, { recursive: true });
      const file = outboxFile(outbox, message.to);
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
      opts.log.info({ to: message.to, file, link: message.link }, `mail written to outbox: ${message.subject}`);
    } else {
      opts.log.info({ to: message.to, messageId: info.messageId }, `mail sent: ${message.subject}`);
    }
  }

  return {
    send(message) {
      const p = deliver(message).finally(() => inFlight.delete(p));
      inFlight.add(p);
      return p;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
