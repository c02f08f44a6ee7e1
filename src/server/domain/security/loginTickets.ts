/**
 * Login tickets: a right password for an account with a second factor gets a ticket instead of a session;
 * the ticket plus the factor makes the session. Stored hashed, short-lived, single use.
 */
import { randomToken, sha256Hex } from '../auth/secrets';
import type { FactorDeps } from './factorDeps';

/** A ticket lasts this long: time to open the authenticator app, not to come back tomorrow. */
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;

/** Issues a ticket for `userId`. */
export async function issueLoginTicket(deps: Pick<FactorDeps, 'db' | 'clock'>, userId: number): Promise<string> {
  const ticket = randomToken();
  const now = deps.clock.now();
  await deps.db.deleteFrom('login_tickets').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('login_tickets')
    .values({ ticket_hash: sha256Hex(ticket), user_id: userId, expires_at: now + LOGIN_TICKET_TTL_MS })
    .execute();
  return ticket;
}

/** The player a live ticket belongs to (the ticket stays: a wrong code may be retried). */
export async function ticketOwner(deps: Pick<FactorDeps, 'db' | 'clock'>, ticket: string): Promise<number | undefined> {
  if (ticket.length > 64) return undefined;
  const row = await deps.db
    .selectFrom('login_tickets')
    .select('user_id')
    .where('ticket_hash', '=', sha256Hex(ticket))
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the ticket up; false when another request did first. */
export async function takeLoginTicket(deps: Pick<FactorDeps, 'db' | 'clock'>, ticket: string): Promise<boolean> {
  const r = await deps.db
    .deleteFrom('login_tickets')
    .where('ticket_hash', '=', sha256Hex(ticket))
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
