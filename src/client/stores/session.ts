/** $session: who is logged in. `unknown` until the first auth-status answer; the user is cached on the device. */
import { atom } from 'nanostores';
import type { User } from '../../shared/api/user';
import { deviceStorage, readJson, writeJson } from './deviceStorage';

/** Storage key of the cached user. */
export const CACHED_USER_KEY = 'user';

/** Login state. */
export type SessionStatus = 'unknown' | 'guest' | 'user';

/** The session store's value. */
export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** The last auth-status call failed without an answer (network / server error), not a plain 401. */
  authError: boolean;
}

/** The session; starts `unknown` with the cached user (so the wallet shows at once after a reload). */
export const $session = atom<SessionState>({
  status: 'unknown',
  user: readJson<User | null>(deviceStorage(), CACHED_USER_KEY, null),
  authError: false,
});

/** Records a logged-in user (login, register, status) and caches it on the device. */
export function setUser(user: User): void {
  writeJson(deviceStorage(), CACHED_USER_KEY, user);
  $session.set({ status: 'user', user, authError: false });
}

/** Updates fields of the logged-in user (e.g. completed_onboarding after the carousel). */
export function patchUser(patch: Partial<User>): void {
  const { user } = $session.get();
  if (user) setUser({ ...user, ...patch });
}

/** Marks the visitor logged out and forgets the cached user; `authError` records a failed status call. */
export function setGuest(authError = false): void {
  deviceStorage().removeItem(CACHED_USER_KEY);
  $session.set({ status: 'guest', user: null, authError });
}
