/** Tables of the second factor (migration 0240). */

/** A player's TOTP state; a row exists once a setup started. */
export interface UserFactorsTable {
  user_id: number;
  /** The confirmed TOTP secret, encrypted (factorSecretBox); null when TOTP is off. */
  totp_secret: string | null;
  /** A secret shown for setup and not confirmed yet, encrypted. */
  totp_pending: string | null;
  /** The last TOTP time step accepted: a code of this step or an earlier one is refused (replay). */
  totp_last_step: number;
  updated_at: number;
}

/** Single-use recovery codes, stored as keyed hashes. */
export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** Registered passkeys (WebAuthn credentials). */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: number;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** WebAuthn challenges handed out and not answered yet (each single use). */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: string;
  user_id: number | null;
  expires_at: number;
}

/** A right password waiting for its second factor: the ticket's hash and whose it is. */
export interface LoginTicketsTable {
  ticket_hash: string;
  user_id: number;
  expires_at: number;
}

/** The second factor's tables. */
export interface FactorTables {
  user_factors: UserFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  login_tickets: LoginTicketsTable;
}
