/**
 * The server's signing key (guest CSRF tokens): `APP_KEY` when the operator sets one, otherwise generated
 * once and kept in the database, so every node behind a load balancer signs and verifies alike.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Name of the row that keeps the generated key. */
export const SIGNING_KEY_NAME = 'signing_key';

/** The key: derived from `appKey` when given, else the stored one (created on first use; racing nodes agree). */
export async function loadSigningKey(db: Kysely<Database>, now: number, appKey?: string): Promise<Buffer> {
  if (appKey) return crypto.createHash('sha256').update(`aeon signing key\0${appKey}`).digest();
  const fresh = crypto.randomBytes(32).toString('base64url');
  // Insert-if-absent, then read: of two nodes starting at once, both end up with the first one's key.
  await db
    .insertInto('server_secrets')
    .values({ name: SIGNING_KEY_NAME, value: fresh, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SIGNING_KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
