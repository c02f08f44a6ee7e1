/** Tables of the foundation: users, sessions, one-time tokens. */
import type { Generated } from 'kysely';

/** Players and their account state. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** NFKC lower-cased name (nicknameKey): the unique key of names in every script; null only on rows inserted without it. */
  name_key: string | null;
  /** Lower-cased for uniqueness; `email` keeps what the player typed. */
  email_normalized: string;
  email: string;
  password_hash: string;
  investor_skin_id: number;
  email_confirmed: Generated<number>;
  completed_onboarding: Generated<number>;
  ref_code: string;
  referrer_id: number | null;
  xp: Generated<number>;
  level: Generated<number>;
  start_pack: Generated<number>;
  start_gas: Generated<number>;
  senator_until: number | null;
  patricius_until: number | null;
  is_admin: Generated<number>;
  ws_auth_token: string;
  created_at: number;
  updated_at: number;
}

/** Server-side sessions: the cookie carries only the id. */
export interface SessionsTable {
  id: string;
  user_id: number | null;
  /** JSON of the session's data (CSRF secret, intended URL, …). */
  data: string;
  expires_at: number;
  created_at: number;
  /** Opaque id shown to the player (listing, ending); null only for rows older than migration 0040. */
  public_id: string | null;
  last_seen_at: number | null;
  /** The browser's User-Agent at login, cut to 255 characters. */
  user_agent: string | null;
  ip: string | null;
}

/** Secrets the server generates once and every node shares (e.g. the guest CSRF signing key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** One-time tokens for e-mail verification and password reset, stored hashed. */
export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset';
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** The tables of the foundation: accounts, sessions, tokens. */
export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  server_secrets: ServerSecretsTable;
}
