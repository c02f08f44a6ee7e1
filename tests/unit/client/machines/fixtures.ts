/** Shared test data: a valid user and API results. */
import type { User } from '../../../../src/shared/api/user';
import type { ApiFail, ApiOk } from '../../../../src/client/net/http';

/** A complete user as the server sends it. */
export function makeUser(patch: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ada',
    email: 'ada@example.test',
    email_confirmed: false,
    investor_skin_id: 3,
    balance_ngls: '12.345678901',
    balance_bnb: '0.12345',
    balance_busd: '5.999',
    ref_code: 'ADA7',
    ref_link: 'http://localhost/register/code/ADA7',
    ref_count: 0,
    ref_tokens: 0,
    xp: 30,
    level: -1,
    next_level_xp: 120,
    completed_onboarding: true,
    start_pack: false,
    start_gas: false,
    senator: null,
    patricius: null,
    wallet_balance: '0',
    multiplier: 1,
    withdraws: '0',
    ws_auth_token: 'ws-token',
    items: [],
    is_admin: false,
    ...patch,
  };
}

/** A successful result. */
export function ok<T>(data: T, message = ''): ApiOk<T> {
  return { ok: true, status: 200, data, message };
}

/** A failed result with joined text. */
export function failed(message: string, errors?: Record<string, string[]>, status = 422): ApiFail {
  const parts = [message, ...Object.values(errors ?? {}).flat()].filter(Boolean);
  return { ok: false, status, message, errors, text: parts.join('; ') };
}
