/**
 * The second factor (TOTP, recovery codes, passkeys): request bodies and answers. A call that needs a
 * fresh factor takes one of `otp`, `recovery_code` or `webauthn` (an assertion made for a challenge from
 * POST /api/auth/factors/challenge); without a right one it answers 422 naming that field.
 */
import { z } from '../zod';

/** A WebAuthn answer as @simplewebauthn/browser makes it (checked in depth by the server's library). */
export const webauthnAnswer = z.looseObject({ id: z.string(), rawId: z.string(), type: z.string(), response: z.looseObject({}) });

/** The proof fields of a call that needs a fresh factor. */
export const factorProof = z.object({
  otp: z.optional(z.string()),
  recovery_code: z.optional(z.string()),
  webauthn: z.optional(webauthnAnswer),
});

/** GET /api/auth/factors → data. */
export const factorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.nullable(z.string()) })),
  recovery_codes_left: z.int(),
});

/** POST /api/auth/factors/totp/setup → data: the secret for manual entry, its otpauth URI and QR code (a PNG data URL). */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string(), qr_data_url: z.string() });

/** POST /api/auth/factors/totp/confirm: `code` from the new secret, plus a fresh proof when a passkey is already on. */
export const totpConfirmBody = z.extend(factorProof, { code: z.string() });

/** An enabling call's answer: the recovery codes when this was the first factor (shown once), else null. */
export const factorEnabledSchema = z.object({ recovery_codes: z.nullable(z.array(z.string())) });

/** POST /api/auth/factors/passkeys: the browser's registration answer and a name, plus a fresh proof when a factor is on. */
export const passkeyAddBody = z.extend(factorProof, { credential: webauthnAnswer, name: z.optional(z.string()) });

/** Path params naming one passkey. */
export const passkeyParams = z.object({ id: z.string() });

/** POST /api/auth/login answers this (no session yet) when the account has a second factor. */
export const secondFactorNeededSchema = z.object({
  second_factor: z.object({
    /** Goes with the code to POST /api/auth/login/factor; lives 5 minutes. */
    ticket: z.string(),
    totp: z.boolean(),
    passkey: z.boolean(),
    /** Assertion options for the account's passkeys, when it has any. */
    webauthn: z.nullable(z.looseObject({ challenge: z.string() })),
  }),
});

/** POST /api/auth/login/factor: the ticket and one proof. */
export const loginFactorBody = z.extend(factorProof, { ticket: z.string() });

/** POST /api/auth/passkey/login: a usernameless assertion for a challenge from POST /api/auth/passkey/options. */
export const passkeyLoginBody = z.object({ webauthn: webauthnAnswer });

/** Text of the login's first step when a second factor is needed. */
export const SECOND_FACTOR_NEEDED = 'Second factor needed.';

/** The factors' state. */
export type FactorStatus = z.infer<typeof factorStatusSchema>;
/** A TOTP setup. */
export type TotpSetupData = z.infer<typeof totpSetupSchema>;
/** The login's "second factor needed" answer. */
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;
/** Proof fields. */
export type FactorProofBody = z.infer<typeof factorProof>;
