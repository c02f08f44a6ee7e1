/**
 * One record per money-moving request: (player, request key) → request hash and answer, written in the
 * commit that does the request's work. A retry with the same key and the same request replays the first
 * answer without a second effect; the same key with a different request is refused; keys are per player.
 */
import type { LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { decodeStored, encodeStored, type Stored } from './storedJson';

/** The field name a refused key is reported under (422 `errors`). */
export const REQUEST_KEY_FIELD = 'idempotency_key';

/** Refusal of a key reused for another request. */
export const REQUEST_KEY_REUSED = 'This idempotency key was already used for a different request.';

/** Longest accepted key. */
export const MAX_REQUEST_KEY_LENGTH = 255;

/** The text of what is wrong with `key` as a request key, or undefined when it is acceptable. */
export function requestKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'The idempotency key field is required.';
  if (key.length > MAX_REQUEST_KEY_LENGTH)
    return `The idempotency key field must not be greater than ${MAX_REQUEST_KEY_LENGTH} characters.`;
  // Printable ASCII only: the key is stored as given and compared byte for byte on both databases.
  if (!/^[\x21-\x7e]+$/.test(key)) return 'The idempotency key field format is invalid.';
  return undefined;
}

/** A client's request key and the hash of its request (src/server/http/idempotency.ts reads them). */
export interface RequestRef {
  key: string;
  hash: string;
}

/** What `withRequestRecord` answers: the result, and whether it is a replay of an earlier run. */
export interface RequestOutcome<T> {
  result: T;
  replayed: boolean;
}

/**
 * Runs `fn` once per (user, key) inside the ledger transaction `tx`. The key is claimed first, so a
 * concurrent twin waits for this commit (PostgreSQL's unique index; SQLite's one writer) and then replays
 * it; if `fn` throws, nothing is stored and a retry runs afresh. The result is stored with its bigints.
 */
export async function withRequestRecord<T extends Stored>(
  tx: LedgerTx,
  userId: number,
  key: string,
  requestHash: string,
  fn: () => Promise<T>,
): Promise<RequestOutcome<T>> {
  const problem = requestKeyProblem(key);
  if (problem) throw new AppError(422, problem, { [REQUEST_KEY_FIELD]: [problem] });
  const claim = await tx.kysely
    .insertInto('request_records')
    .values({ user_id: userId, request_key: key, request_hash: requestHash, result: null, created_at: tx.now })
    .onConflict((oc) => oc.columns(['user_id', 'request_key']).doNothing())
    .executeTakeFirst();
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) {
    const stored = await tx.kysely
      .selectFrom('request_records')
      .select(['request_hash', 'result'])
      .where('user_id', '=', userId)
      .where('request_key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.request_hash !== requestHash) throw new AppError(422, REQUEST_KEY_REUSED, { [REQUEST_KEY_FIELD]: [REQUEST_KEY_REUSED] });
    // Only the claiming transaction itself can see the record without its result.
    if (stored.result === null) throw new Error(`request key ${key} is already running in this transaction`);
    return { result: decodeStored<T>(stored.result), replayed: true };
  }
  const text = encodeStored(await fn());
  await tx.kysely
    .updateTable('request_records')
    .set({ result: text })
    .where('user_id', '=', userId)
    .where('request_key', '=', key)
    .execute();
  // The first answer is the stored one, read back: a replay can never differ from it.
  return { result: decodeStored<T>(text), replayed: false };
}

/** `withRequestRecord` when the request carried a key; otherwise just `fn` (no record, never a replay). */
export async function withOptionalRequestRecord<T extends Stored>(
  tx: LedgerTx,
  userId: number,
  ref: RequestRef | undefined,
  fn: () => Promise<T>,
): Promise<RequestOutcome<T>> {
  if (!ref) return { result: await fn(), replayed: false };
  return withRequestRecord(tx, userId, ref.key, ref.hash, fn);
}
