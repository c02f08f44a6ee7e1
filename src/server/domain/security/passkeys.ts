/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registration, assertion (a fresh proof, the login's second
 * step, and the usernameless login with a discoverable credential), list and removal. User verification
 * is required: a passkey stands for "something you have" and "something you are or know" at once.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FactorDeps } from './factorDeps';
import { keepChallenge, takeChallenge, type ChallengePurpose } from './webauthnChallenges';

// Loaded on the first passkey call: the library and its certificate parsers take longer to load than the
// rest of the server's routes together, and most starts never see a passkey.
const webauthn = () => import('@simplewebauthn/server');

/** A passkey as its owner sees it. */
export interface PasskeySummary {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** Longest passkey name kept. */
export const PASSKEY_NAME_MAX = 64;

/** The player's passkeys, oldest first. */
export async function listPasskeys(deps: Pick<FactorDeps, 'db'>, userId: number): Promise<PasskeySummary[]> {
  return deps.db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Registration options for `userId` (their passkeys excluded, so one authenticator is not registered twice). */
export async function passkeyRegistrationOptions(
  deps: FactorDeps,
  user: { id: number; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await deps.db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', user.id).execute();
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: deps.party.rpName,
    rpID: deps.party.rpId,
    userName: user.email,
    userDisplayName: user.name,
    // A stable, opaque handle: the id as bytes, so a discoverable credential names its account at login.
    userID: new TextEncoder().encode(`aeon-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(deps, options.challenge, 'register', user.id);
  return options;
}

/** Verifies a registration answer and stores the passkey; false when it does not verify. */
export async function registerPasskey(
  deps: FactorDeps,
  userId: number,
  response: RegistrationResponseJSON,
  name: string,
): Promise<boolean> {
  const { verifyRegistrationResponse } = await webauthn();
  let info;
  try {
    const v = await verifyRegistrationResponse({
      response,
      expectedChallenge: (c) => takeChallenge(deps, c, 'register', userId),
      expectedOrigin: deps.party.origins,
      expectedRPID: deps.party.rpId,
      requireUserVerification: true,
    });
    if (!v.verified) return false;
    info = v.registrationInfo;
  } catch {
    return false;
  }
  const { credential } = info;
  const now = deps.clock.now();
  const r = await deps.db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      user_id: userId,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name: name.trim().slice(0, PASSKEY_NAME_MAX) || 'Passkey',
      created_at: now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Assertion options: for `userId`'s passkeys, or (null) for any discoverable credential of this site. */
export async function passkeyAssertionOptions(
  deps: FactorDeps,
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow =
    userId === null ? [] : await deps.db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', userId).execute();
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: deps.party.rpId,
    userVerification: 'required',
    allowCredentials: allow.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
  });
  await keepChallenge(deps, options.challenge, purpose, userId);
  return options;
}

/**
 * Verifies an assertion answer made for a challenge of `purpose` (and `userId`, null: usernameless);
 * answers the passkey's owner, or undefined. The signature counter must grow when the authenticator keeps one.
 */
export async function redeemPasskey(
  deps: FactorDeps,
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
  response: AuthenticationResponseJSON,
): Promise<number | undefined> {
  if (typeof response?.id !== 'string' || response.id.length > 1400) return undefined;
  const row = await deps.db.selectFrom('passkeys').selectAll().where('id', '=', response.id).executeTakeFirst();
  if (!row || (userId !== null && row.user_id !== userId)) return undefined;
  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const v = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (c) => takeChallenge(deps, c, purpose, userId),
      expectedOrigin: deps.party.origins,
      expectedRPID: deps.party.rpId,
      credential: {
        id: row.id,
        publicKey: Buffer.from(row.public_key, 'base64url'),
        counter: Number(row.counter),
        transports: JSON.parse(row.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!v.verified) return undefined;
    newCounter = v.authenticationInfo.newCounter;
  } catch {
    return undefined;
  }
  // Conditional on the counter read: a cloned authenticator racing the real one cannot both pass.
  const r = await deps.db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: deps.clock.now() })
    .where('id', '=', row.id)
    .where('counter', '=', row.counter)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? row.user_id : undefined;
}

/** Removes one of `userId`'s passkeys; false when it is not theirs. */
export async function removePasskey(deps: Pick<FactorDeps, 'db'>, userId: number, id: string): Promise<boolean> {
  const r = await deps.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
