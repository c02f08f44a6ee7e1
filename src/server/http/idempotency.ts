/**
 * The `Idempotency-Key` header of money-moving calls. Clients of the original product send none: a call
 * without it gets no request record (the feature's own id, e.g. the transaction id of a commit, keeps it
 * exactly-once). With it, the key and the hash of the request go to `withRequestRecord`.
 */
import type { FastifyRequest } from 'fastify';
import { requestHash } from '../domain/requests/requestHash';
import { REQUEST_KEY_FIELD, requestKeyProblem, type RequestRef } from '../domain/requests/requestRecords';
import { validationFailed } from '../domain/errors';

/** The request's route pattern without a trailing slash. */
function routePath(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? request.url;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The request's key and hash, undefined without the header; a malformed key is a 422 that writes nothing. */
export function requestRefOf(request: FastifyRequest): RequestRef | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  // Several such headers make an ambiguous key: refuse them rather than pick one.
  const problem = Array.isArray(raw) ? 'The idempotency key field must be a string.' : requestKeyProblem(raw);
  if (problem !== undefined || Array.isArray(raw))
    throw validationFailed({ [REQUEST_KEY_FIELD]: [problem ?? 'The idempotency key field is invalid.'] });
  return {
    key: raw,
    // The route pattern and decoded params, not the raw URL: two spellings of one path are one request
    // (with or without the trailing slash the original client sometimes adds, e.g. `/api/rooms/incense/`).
    hash: requestHash({
      method: request.method,
      path: routePath(request),
      params: request.params,
      query: request.query,
      body: request.body,
    }),
  };
}
