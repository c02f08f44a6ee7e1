/** The HTTP envelope every `/api` answer uses (FACTS.md), and how the client joins field errors. */
import { z } from '../zod';

/** Per-field validation messages: `{field: [text, …]}`. */
export type FieldErrors = Record<string, string[]>;

/** A successful answer. */
export interface Ok<T> {
  success: true;
  data: T;
  message?: string;
}

/** A failed answer; validation failures (HTTP 422) carry `errors`. */
export interface Fail {
  success: false;
  message: string;
  errors?: FieldErrors;
}

/** Any envelope answer. */
export type Envelope<T> = Ok<T> | Fail;

/** Schema of a failed answer, for the client to recognise one. */
export const failSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

/**
 * Spec 1 §8: the server message plus every per-field error, joined with semicolons. A message that only
 * summarises the field errors ("<first error> (and N more errors)") is left out so no text shows twice.
 */
export function joinErrors(fail: { message?: string; errors?: FieldErrors }): string {
  const fieldTexts = Object.values(fail.errors ?? {}).flat();
  const parts: string[] = [];
  const summarises = fail.message !== undefined && fieldTexts.some((t) => fail.message!.startsWith(t));
  if (fail.message && !summarises) parts.push(fail.message);
  for (const t of fieldTexts) if (!parts.includes(t)) parts.push(t);
  return parts.join('; ');
}
