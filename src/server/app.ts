/** `createApp(components)`: the HTTP server wired to injected components, so tests bring their own. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { systemClock, type Clock } from './clock';
import { sweepExpiredSessions } from './domain/auth/sessions';
import { sweepExpiredTokens } from './domain/auth/tokens';
import type { BalanceReader } from './domain/users/balances';
import { balancesOf, createLedger } from './ledger/index';
import { createMailer, type Mailer } from './mail/mailer';
import type { App, AppContext } from './http/context';
import { installErrorHandler } from './http/errorHandler';
import { installJsonParser } from './http/jsonBody';
import { DEFAULT_RATE_LIMITS, RateLimiter, type AuthRateLimits } from './http/rateLimit';
import { installSessionHooks } from './http/sessionHooks';
import { defaultStaticPaths, installStaticFiles, type StaticPaths } from './http/staticFiles';
import { csrfCookieRoute } from './http/routes/csrfCookie';
import { authRoutes } from './http/routes/authRoutes';
import { registerRoutes } from './http/routes/registerRoutes';
import { passwordResetRoutes } from './http/routes/passwordResetRoutes';
import { accountRoutes } from './http/routes/accountRoutes';
import { installOpenApi, openApiRoute } from './http/openapi';
import { attachRealtime, type Realtime } from './realtime/gateway';
import type { RealtimeLimits } from './realtime/limits';

/** What the app is built from; everything but config and db has a production default. */
export interface AppComponents {
  config: Config;
  db: Db;
  /** Defaults to SMTP or the outbox per config, logging through the app's logger. */
  mailer?: Mailer;
  clock?: Clock;
  /** Fastify logger options; false (silent) by default. */
  logger?: FastifyServerOptions['logger'];
  /** Reads a player's balances; the ledger of `db` unless given. */
  balances?: BalanceReader;
  /** Attempt limits of the auth calls. */
  rateLimits?: AuthRateLimits;
  /** Where the built client and the atlases are. */
  staticPaths?: StaticPaths;
  /** Fastify's trustProxy: set behind a reverse proxy so rate limits see the client's IP (TRUST_PROXY). */
  trustProxy?: boolean | string;
  /** Socket gateway limits to change from the defaults (tests, the flood benchmark). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** Route modules of other domains, registered after the auth routes with the same context. */
  routes?: RouteModule[];
}

/** A domain's routes: registered on the app with the shared context and the socket gateway. */
export type RouteModule = (app: App, ctx: AppContext, realtime: Realtime) => void | Promise<void>;

/** The built app plus what it owns. */
export interface BuiltApp {
  app: App;
  ctx: AppContext;
  /** The socket gateway: push events to players. */
  realtime: Realtime;
  /** Runs every periodic upkeep task now (they also run at start and on their timers). */
  upkeep(): Promise<void>;
}

/** Expired sessions and tokens are deleted this often. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;
/** Overdue pending transfers are expired (their reservations returned) this often. */
const LEDGER_EXPIRY_SWEEP_MS = 60 * 1000;

/** Builds the app (not listening yet); closing it closes its mailer but not the database. */
export async function createApp(components: AppComponents): Promise<BuiltApp> {
  const { config, db } = components;
  const clock = components.clock ?? systemClock;
  const app: App = Fastify({ logger: components.logger ?? false, trustProxy: components.trustProxy ?? false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const mailer =
    components.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const ctx: AppContext = {
    config,
    db,
    clock,
    balances: components.balances ?? ((userId) => balancesOf(components.db.kysely, userId)),
    limiter: new RateLimiter(components.rateLimits ?? DEFAULT_RATE_LIMITS, () => clock.now()),
    auth: { db: db.kysely, clock, mailer, brand: { productName: config.productName, publicUrl: config.publicUrl }, log: app.log },
    sessionsEnded: new Set(),
  };

  await app.register(fastifyCookie);
  installJsonParser(app);
  installErrorHandler(app);
  installSessionHooks(app, ctx);
  await installOpenApi(app, config.productName);
  openApiRoute(app);
  csrfCookieRoute(app, ctx);
  authRoutes(app, ctx);
  registerRoutes(app, ctx);
  passwordResetRoutes(app, ctx);
  accountRoutes(app, ctx);
  const realtime = attachRealtime(app, ctx, { trustProxy: components.trustProxy, limits: components.realtimeLimits });
  for (const routes of components.routes ?? []) await routes(app, ctx, realtime);
  await installStaticFiles(app, components.staticPaths ?? defaultStaticPaths());

  // Periodic upkeep, each task logged and retried on its next turn when it fails.
  const ledger = createLedger(db, clock);
  const upkeep = {
    sessions: () => Promise.all([sweepExpiredSessions(db.kysely, clock.now()), sweepExpiredTokens(db.kysely, clock.now())]),
    'ledger expiry': () => ledger.expire(),
  };
  const run = (name: keyof typeof upkeep) => upkeep[name]().then(
    () => undefined,
    (err: unknown) => app.log.error({ err }, `${name} sweep failed`),
  );
  const timers = [clock.setInterval(() => void run('sessions'), SESSION_SWEEP_MS), clock.setInterval(() => void run('ledger expiry'), LEDGER_EXPIRY_SWEEP_MS)];
  const upkeepNow = async () => {
    await Promise.all([run('sessions'), run('ledger expiry')]);
  };
  app.addHook('onReady', upkeepNow);
  app.addHook('onClose', async () => {
    for (const t of timers) t.cancel();
    await mailer.close();
  });
  return { app, ctx, realtime, upkeep: upkeepNow };
}
