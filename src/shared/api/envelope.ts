/** The HTTP envelope every `/api` answer uses (FACTS.md), and how the client joins field errors. */
import { z } from 'zod';

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
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Spec 1 §8: the server message plus every per-field error, joined with semicolons. */
export function joinErrors(fail: { message?: string; errors?: FieldErrors }): string {
  const parts: string[] = [];
  if (fail.message) parts.push(fail.message);
  for (const texts of Object.values(fail.errors ?? {})) for (const t of texts) if (!parts.includes(t)) parts.push(t);
  return parts.join('; ');
}
