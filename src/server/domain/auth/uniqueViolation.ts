/** Recognises a unique-index violation on either engine and names the field it protects. */

/** The users field whose unique index refused a write, or undefined when `err` is something else. */
export function uniqueViolationField(err: unknown): 'email' | 'name' | 'ref_code' | 'ws_auth_token' | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: string; constraint?: string; message?: string };
  const isUnique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!isUnique) return undefined;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('email')) return 'email';
  if (where.includes('ref_code')) return 'ref_code';
  if (where.includes('ws_auth_token')) return 'ws_auth_token';
  if (where.includes('name')) return 'name';
  return undefined;
}
