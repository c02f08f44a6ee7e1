/**
 * The HTTP client: every call goes under the API base with the session cookie; state-changing calls first
 * fetch the CSRF cookie and echo it as X-XSRF-TOKEN (Sanctum style). Answers come back as an ApiResult so
 * screens never see exceptions: network failures, HTTP errors and `success:false` all become `ok:false`.
 */
import { t } from '../i18n/t';
import type { ZodMiniType } from 'zod/mini';
import { joinErrors, type FieldErrors } from '../../shared/api/envelope';
import { noteAnswer, noteNoAnswer, trackMutation } from './netWatch';

/** Text shown when the CSRF cookie cannot be fetched (spec 1 §8). */
export const CSRF_FAILED = t.net.csrfFailed;
/** Text shown when the server cannot be reached or answers garbage. */
export const NETWORK_FAILED = t.common.somethingWentWrong;

/** A successful call. */
export interface ApiOk<T> {
  ok: true;
  status: number;
  data: T;
  message: string;
}

/** A failed call; `text` is the message plus every field error joined with semicolons. */
export interface ApiFail {
  ok: false;
  /** HTTP status, or 0 when no answer arrived (network, CSRF). */
  status: number;
  message: string;
  errors?: FieldErrors;
  text: string;
}

/** Outcome of a call. */
export type ApiResult<T> = ApiOk<T> | ApiFail;

/** What the client needs from its surroundings; tests pass a cookie-jar fetch and reader. */
export interface HttpDeps {
  /** Prefix of every path, e.g. '' (same origin) or 'http://127.0.0.1:1234'. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Reads a cookie by name (browser: document.cookie). */
  readCookie?: (name: string) => string | undefined;
}

/** Options of one call. */
export interface CallOptions<T> {
  /** Validates `data`; a mismatch is logged and the raw data is still returned (the server is authoritative). */
  schema?: ZodMiniType<T>;
  /** The answer is the bare object, not an envelope (GET /api/user). */
  unwrapped?: boolean;
}

/** The client. */
export interface Http {
  get<T>(path: string, options?: CallOptions<T>): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown, options?: CallOptions<T>): Promise<ApiResult<T>>;
}

/** Reads a cookie from `document.cookie` (URL-decoded, as Laravel-style servers encode it). */
export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function fail(status: number, message: string, errors?: FieldErrors): ApiFail {
  return { ok: false, status, message, errors, text: joinErrors({ message, errors }) || message };
}

function statusText(status: number): string {
  if (status === 401) return t.net.unauthenticated;
  if (status === 429) return t.net.tooManyRequests;
  return NETWORK_FAILED;
}

/** Creates the client. */
export function createHttp(deps: HttpDeps = {}): Http {
  const base = deps.baseUrl ?? '';
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const readCookie = deps.readCookie ?? readDocumentCookie;

  async function send<T>(method: string, path: string, body: unknown, options: CallOptions<T>): Promise<ApiResult<T>> {
    // A state-changing call holds back an update reload until it has its answer (src/client/pwa).
    const done = method === 'GET' ? undefined : trackMutation();
    try {
      return await sendTracked(method, path, body, options);
    } finally {
      done?.();
    }
  }

  async function sendTracked<T>(method: string, path: string, body: unknown, options: CallOptions<T>): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (method !== 'GET') {
      const csrf = await fetchCsrf();
      if (!csrf) return fail(0, CSRF_FAILED);
      headers['X-XSRF-TOKEN'] = csrf;
      headers['Content-Type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers,
        credentials: 'include',
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
    } catch {
      noteNoAnswer();
      return fail(0, NETWORK_FAILED);
    }
    noteAnswer(res.headers);
    return readAnswer(res, options);
  }

  async function fetchCsrf(): Promise<string | undefined> {
    try {
      const res = await doFetch(`${base}/sanctum/csrf-cookie`, {
        method: 'GET',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'include',
      });
      if (!res.ok) return undefined;
    } catch {
      return undefined;
    }
    return readCookie('XSRF-TOKEN') || undefined;
  }

  return {
    get: (path, options = {}) => send('GET', path, undefined, options),
    post: (path, body, options = {}) => send('POST', path, body, options),
  };
}

async function readAnswer<T>(res: Response, options: CallOptions<T>): Promise<ApiResult<T>> {
  let json: unknown = undefined;
  const raw = await res.text().catch(() => '');
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
  }
  const env = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const message = typeof env.message === 'string' ? env.message : '';
  if (!res.ok || env.success === false) {
    const errors = isFieldErrors(env.errors) ? env.errors : undefined;
    return fail(res.status, message || statusText(res.ok ? 0 : res.status), errors);
  }
  if (json === undefined && res.status !== 204) return fail(res.status, NETWORK_FAILED);
  const data = (options.unwrapped ? json : env.data) as T;
  if (options.schema) {
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) console.warn(`Unexpected answer shape from ${res.url}`, parsed.error.issues);
    else return { ok: true, status: res.status, data: parsed.data, message };
  }
  return { ok: true, status: res.status, data, message };
}

function isFieldErrors(v: unknown): v is FieldErrors {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.values(v).every((texts) => Array.isArray(texts) && texts.every((t) => typeof t === 'string'));
}
