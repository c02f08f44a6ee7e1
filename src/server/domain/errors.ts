/** Failures the domain reports to callers; the HTTP layer turns them into the envelope. */
import type { FieldErrors } from '../../shared/api/envelope';

/** A refused request: its HTTP status, the message the player sees, and per-field errors for 422. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Laravel's top message: the first error, plus "(and N more errors)" when there are more. */
export function summarizeErrors(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

/** A 422 validation failure with Laravel's message. */
export function validationFailed(errors: FieldErrors): AppError {
  return new AppError(422, summarizeErrors(errors), errors);
}

/** Collects per-field errors; they are reported in the form's field order, then in the order found. */
export class ErrorBag {
  readonly errors: FieldErrors = {};

  /** `fieldOrder`: the form's fields top to bottom, so a player reads errors in the order of the form. */
  constructor(private readonly fieldOrder: readonly string[] = []) {}

  /** Adds `text` under `field`. */
  add(field: string, text: string): void {
    (this.errors[field] ??= []).push(text);
  }

  /** True when `field` already has an error (later rules on it are skipped, as Laravel's `bail`). */
  has(field: string): boolean {
    return (this.errors[field]?.length ?? 0) > 0;
  }

  /** Throws a 422 when any error was added. */
  throwIfAny(): void {
    const fields = Object.keys(this.errors);
    if (fields.length === 0) return;
    const rank = (f: string) => {
      const i = this.fieldOrder.indexOf(f);
      return i < 0 ? this.fieldOrder.length : i;
    };
    const ordered: FieldErrors = {};
    for (const f of [...fields].sort((a, b) => rank(a) - rank(b))) ordered[f] = this.errors[f]!;
    throw validationFailed(ordered);
  }
}
