/** The error text a request-button machine shows, from a failed answer or a thrown error. */
import type { FieldErrors } from '../../shared/api/envelope';
import type { ApiResult } from '../net/http';

/** The joined server error of a failed answer ('' for a successful one). */
export function failureText(output: ApiResult<unknown>): string {
  return output.ok ? '' : output.text;
}

/** The text of an error thrown by the request itself. */
export function thrownText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The per-field errors of a failed answer ({} for a success or an answer without fields), to mark the fields. */
export function failureFields(output: ApiResult<unknown>): FieldErrors {
  return output.ok ? {} : (output.errors ?? {});
}
