/** Builders of the `{success, data, message}` envelope (FACTS.md). */
import type { FieldErrors, Fail, Ok } from '../../shared/api/envelope';

/** A successful answer. */
export function ok<T>(data: T, message?: string): Ok<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

/** A failed answer. */
export function fail(message: string, errors?: FieldErrors): Fail {
  return errors === undefined ? { success: false, message } : { success: false, message, errors };
}
