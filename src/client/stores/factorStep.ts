/** The login's second step while it is asked for: the ticket and the factors the account has. */
import { atom } from 'nanostores';
import type { SecondFactorNeeded } from '../../shared/api/factors';

/** Set when a right password answered "second factor needed"; cleared when the login finishes or is left. */
export const $factorStep = atom<SecondFactorNeeded['second_factor'] | null>(null);

/** True when a login answer asks for the second factor. */
export function isSecondFactorNeeded(data: unknown): data is SecondFactorNeeded {
  return typeof data === 'object' && data !== null && 'second_factor' in data;
}
