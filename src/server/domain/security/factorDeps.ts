/** What the second factor needs from outside: the database, the clock, its key and the WebAuthn party. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../clock';

/** The relying party passkeys are bound to. */
export interface WebauthnParty {
  /** The RP ID: the site's host name (never an IP address: browsers refuse one). */
  rpId: string;
  rpName: string;
  /** Origins a passkey answer may come from. */
  origins: string[];
}

/** Dependencies of every second-factor operation. */
export interface FactorDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** factorKey(signingKey): seals TOTP secrets and keys the recovery-code hashes. */
  key: Buffer;
  party: WebauthnParty;
}

/** The relying party for a public URL: a loopback IP becomes `localhost` (the dev setup reached by that name). */
export function webauthnPartyOf(publicUrl: string, productName: string): WebauthnParty {
  const url = new URL(publicUrl);
  const host = url.hostname;
  const loopback = host === '127.0.0.1' || host === '[::1]' || host === '::1';
  if (!loopback) return { rpId: host, rpName: productName, origins: [url.origin] };
  const local = new URL(url.origin);
  local.hostname = 'localhost';
  return { rpId: 'localhost', rpName: productName, origins: [url.origin, local.origin] };
}
