/**
 * A real server for integration tests: `createApp` on a fresh migrated database, listening on port 0,
 * with a manual clock, a loopback SMTP server, and a cookie-keeping HTTP client that speaks Sanctum CSRF.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type AppComponents } from '../../src/server/app';
import type { Realtime } from '../../src/server/realtime/gateway';
import type { RoundScheduler } from '../../src/server/domain/rounds/scheduler';
import { loadConfig, type Config } from '../../src/server/config';
import { openPostgres, type DialectName } from '../../src/server/db/database';
import { manualClock, type ManualClock } from '../../src/server/clock';
import type { AppContext, App } from '../../src/server/app/context';
import { createMailer } from '../../src/server/mail/mailer';
import { scaledRateLimits } from '../../src/server/http/rateLimit';
import crypto from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../src/server/db/migrate';
import { createTestDb, type TestDb } from './testDb';
import { startSmtp, type TestSmtp } from './smtp';

/**
 * Like `createTestDb`, but on PostgreSQL the pool gets an error listener: dropping the database with
 * FORCE terminates connections the pool is still closing, and an unheard pool error would crash the run.
 */
async function createServerTestDb(dialect: DialectName, pgAdminUrl: string): Promise<TestDb> {
  if (dialect === 'sqlite') return createTestDb(dialect, pgAdminUrl);
  const name = `aeon_s_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: pgAdminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const u = new URL(pgAdminUrl);
  u.pathname = `/${name}`;
  // The product's own opening (outer-handle guard, COMMIT check), with idle-client errors silenced.
  const db = openPostgres(u.toString(), 10, () => {});
  await migrate(db);
  return {
    db,
    location: u.toString(),
    destroy: async () => {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A second node's own pool on the database of `first` (PostgreSQL); closing it leaves the database alone. */
function sharedDb(first: TestDb): TestDb {
  if (first.db.dialect !== 'postgres') throw new Error('a second node needs a database two processes can share: PostgreSQL');
  const db = openPostgres(first.location, 10, () => {});
  return { db, location: first.location, destroy: () => db.close() };
}

/** Withdrawal safety's waits in test servers unless overridden: none. */
export const TEST_WITHDRAWAL_WAITS = { coolingOffMs: 0, holdMs: 0, faucetIntervalMs: 0 } as const;

/** The public URL test servers write into links (deliberately not the address they listen on). */
export const TEST_PUBLIC_URL = 'https://aeon.example';

/** A running test server and everything around it. */
export interface TestServer {
  url: string;
  app: App;
  ctx: AppContext;
  realtime: Realtime;
  /** Runs the app's periodic upkeep now. */
  upkeep(): Promise<void>;
  /** The round scheduler: undefined unless the overrides enable it (`rounds: {enabled: true, chainLength: …}`). */
  rounds: RoundScheduler | undefined;
  config: Config;
  testDb: TestDb;
  clock: ManualClock;
  smtp: TestSmtp;
  /** A new client with an empty cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

const silent = { info: () => {}, error: () => {} };

/** Where a test server runs. */
export interface NodeOptions {
  /** Another node on this server's database (PostgreSQL): the database is shared, and left to that server to drop. */
  beside?: TestServer;
  /** The node's clock (e.g. a node started later than the others: its own time from the start). */
  clock?: ManualClock;
}

/**
 * Starts a server on `dialect`; `overrides` replace components (rate limits, static paths, balances).
 * Rate limits are raised 1000-fold unless given: only the rate-limit tests want to meet them.
 */
export async function startTestServer(
  dialect: DialectName,
  pgAdminUrl: string,
  overrides: Partial<Omit<AppComponents, 'config' | 'db'>> = {},
  configOverrides: Partial<Config> = {},
  node: NodeOptions = {},
): Promise<TestServer> {
  const testDb = node.beside ? sharedDb(node.beside.testDb) : await createServerTestDb(dialect, pgAdminUrl);
  const smtp = await startSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-srv-'));
  const base = loadConfig({});
  // Withdrawal safety's waits (address cooling-off, hold before signing, faucet period) are off unless a
  // test sets them: the chain tests withdraw to fresh addresses and sign at once. The attack test turns them on.
  const withdrawals = { ...base.withdrawals, ...TEST_WITHDRAWAL_WAITS };
  const config: Config = {
    ...base,
    withdrawals,
    dataDir,
    smtpUrl: smtp.url,
    publicUrl: TEST_PUBLIC_URL,
    secureCookies: false,
    port: 0,
    ...configOverrides,
  };
  const clock = node.clock ?? manualClock(Date.now());
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir, log: silent });
  const { app, ctx, realtime, upkeep, rounds } = await createApp({
    config,
    db: testDb.db,
    mailer,
    clock,
    rateLimits: scaledRateLimits(1000),
    ...overrides,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    ctx,
    realtime,
    upkeep,
    rounds,
    config,
    testDb,
    clock,
    smtp,
    client: () => new TestClient(url),
    async close() {
      await app.close();
      await smtp.close();
      await testDb.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An answer: status, parsed JSON body (or text), headers. */
export interface TestResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
  text: string;
  headers: Headers;
}

/** Options of one request. */
export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as application/json unless `headers` says otherwise). */
  raw?: string;
  headers?: Record<string, string>;
  /** Send the XSRF header from the cookie jar (default true for state-changing methods). */
  csrf?: boolean;
}

/** A browser-like client: keeps cookies, fetches the CSRF cookie before its first state-changing call. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  /** The Cookie header of the jar. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** GET /sanctum/csrf-cookie. */
  async csrf(): Promise<TestResponse> {
    return this.request('GET', '/sanctum/csrf-cookie');
  }

  /** A GET. */
  get(p: string, opts: RequestOptions = {}): Promise<TestResponse> {
    return this.request('GET', p, opts);
  }

  /** A POST with the CSRF header. */
  async post(p: string, body: unknown = {}, opts: RequestOptions = {}): Promise<TestResponse> {
    if ((opts.csrf ?? true) && !this.cookies.has('XSRF-TOKEN')) await this.csrf();
    return this.request('POST', p, { body, ...opts });
  }

  /** Any request. */
  async request(method: string, p: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && (opts.csrf ?? true) && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let body: string | undefined = opts.raw;
    if (body === undefined && opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(this.base + p, { method, headers, body, redirect: 'manual' });
    this.store(res.headers.getSetCookie());
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  private store(setCookies: string[]): void {
    for (const c of setCookies) {
      const [pair = '', ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A valid registration form; `overrides` change fields. */
export function registration(n: number | string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `player_${n}`,
    email: `player${n}@example.com`,
    password: 'sesame-otter-7',
    password_confirmation: 'sesame-otter-7',
    skin_id: 2,
    ...overrides,
  };
}

/** Number of rows in a table of the test database. */
export async function countRows(server: TestServer, table: 'users' | 'sessions' | 'tokens'): Promise<number> {
  const row = await server.testDb.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Registers a player through the API with a fresh client; returns the client (logged in) and the user. */
export async function registerPlayer(server: TestServer, n: number | string, overrides: Record<string, unknown> = {}) {
  const client = server.client();
  const form = registration(n, overrides);
  const res = await client.post('/api/auth/register', form);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user: res.body.data, form };
}
