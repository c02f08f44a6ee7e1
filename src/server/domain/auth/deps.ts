/** What the auth flows need from outside: the database, the clock, mail and the brand for links. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { MailBrand } from '../../mail/messages';
import type { Clock } from '../../clock';
import type { Background } from '../../background';

/** Minimal logger (pino's shape). */
export interface AuthLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Dependencies of every auth flow. */
export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  brand: MailBrand;
  log: AuthLog;
  /** Runs work after the answer has gone (the reset mail), so the answer's time does not depend on it. */
  background: Background;
}
