/** `createApp(components)`: the HTTP server wired to injected components, so tests bring their own. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Db } from './db/database';
import { createLeaderLock } from './db/leaderLock';
import { systemClock, type Clock } from './clock';
import { sweepExpiredSessions } from './domain/auth/sessions';
import { loadSigningKey } from './domain/auth/serverSecret';
import { sweepExpiredTokens } from './domain/auth/tokens';
import type { BalanceReader } from './domain/users/balances';
import { balancesOf, createLedger } from './ledger/index';
import { createMailer, type Mailer } from './mail/mailer';
import type { App, AppContext } from './app/context';
import { installErrorHandler } from './http/errorHandler';
import { installJsonParser } from './http/jsonBody';
import { zodSchemaController } from './http/zodCompilers';
import { DEFAULT_RATE_LIMITS, RateLimiter, type AuthRateLimits } from './http/rateLimit';
import { registerApiScope } from './http/sessionHooks';
import { installSecurityHeaders } from './http/securityHeaders';
import { rateStoreFor } from './http/rateLimitDbStore';
import { createBackground } from './background';
import { defaultStaticPaths, installStaticFiles, type StaticPaths } from './http/staticFiles';
import { csrfCookieRoute } from './http/routes/csrfCookie';
import { authRoutes } from './http/routes/authRoutes';
import { registerRoutes } from './http/routes/registerRoutes';
import { passwordResetRoutes } from './http/routes/passwordResetRoutes';
import { accountRoutes } from './http/routes/accountRoutes';
import { sessionRoutes } from './http/routes/sessionRoutes';
import { factorRoutes } from './http/routes/factorRoutes';
import { loginFactorRoutes } from './http/routes/loginFactorRoutes';
import { transactionRoutes, transactionUpdateSender } from './http/routes/transactionRoutes';
import { eggRoutes } from './http/routes/eggRoutes';
import { gameRoutes } from './http/routes/gameRoutes';
import { oogleRoutes } from './http/routes/oogleRoutes';
import { itemActionRoutes } from './http/routes/itemActionRoutes';
import { expireStaleTransactions } from './domain/transactions/index';
import { collectOpenApi, openApiRoute } from './http/openapi';
import { attachRealtime, type Realtime } from './realtime/gateway';
import type { RealtimeLimits } from './realtime/limits';
import { announceRound } from './realtime/roundEvents';
import { createCapacityAnnouncer, type CapacityAnnouncer } from './realtime/capacityEvents';
import { createJoinBatcher } from './domain/eidols/joinBatcher';
import { createRoundScheduler, type RoundScheduler } from './domain/rounds/scheduler';
import type { RoundBlocks } from './chain/roundBlocks';
import { fairnessRoutes } from './http/routes/fairnessRoutes';
import { telemetryRoutes } from './http/routes/telemetryRoutes';
import { walletExchangeRoutes } from './http/routes/walletExchangeRoutes';
import { installBuildHeader } from './http/buildId';
import { installWebManifest } from './http/webManifest';
import { gdaoRoutes } from './http/routes/gdaoRoutes';
import { roomEffectRoutes } from './http/routes/roomEffectRoutes';
import { runGdaoJob } from './domain/gdao/gdaoJob';
import { GDAO_JOB_MS } from './domain/gdao/gdaoConfig';
import { roomRoutes } from './http/routes/roomRoutes';
import { expirePresence } from './domain/world/presence';
import { PRESENCE_SWEEP_MS } from './domain/world/presenceConfig';

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
  /** Fastify's trustProxy; config.trustProxy (TRUST_PROXY) unless given. */
  trustProxy?: boolean | string | string[];
  /** APP_KEY: the signing key is derived from it; unset → generated once and kept in the database. */
  appKey?: string;
  /** Socket gateway limits to change from the defaults (tests, the flood benchmark). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** Route modules of other domains, registered after the auth routes with the same context. */
  routes?: RouteModule[];
  /** The round scheduler: off unless enabled (main.ts enables it; tests ask for it where they need rounds). */
  rounds?: RoundsOptions;
}

/** How the round scheduler runs in this app. */
export type RoundsOptions =
  | { enabled: false }
  | {
      enabled: true;
      /** The chain whose first block after each lock keys the round's T (`roundBlocks` of the chain gateway). */
      blocks: RoundBlocks;
      /** Fairness chain length; config.fairnessChainLength unless given (tests keep it small). */
      chainLength?: number;
      /** Leader lock retry period (tests shorten it). */
      leaderRetryMs?: number;
    };

/** A domain's routes: registered inside the API scope (paths under /api/) with the shared context and the socket gateway. */
export type RouteModule = (app: App, ctx: AppContext, realtime: Realtime) => void | Promise<void>;

/** The built app plus what it owns. */
export interface BuiltApp {
  app: App;
  ctx: AppContext;
  /** The socket gateway: push events to players. */
  realtime: Realtime;
  /** Runs every periodic upkeep task now if this node is the upkeep leader (they also run at start and on their timers). */
  upkeep(): Promise<void>;
  /** The round scheduler, when enabled. */
  rounds: RoundScheduler | undefined;
}

/** Longest path parameter the router matches (Fastify's default, 100, answers longer ones with a bare 414). */
const MAX_PARAM_LENGTH = 2048;

/** Expired sessions and tokens are deleted this often. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;
/** Overdue pending transfers are expired (their reservations returned) this often. */
const LEDGER_EXPIRY_SWEEP_MS = 60 * 1000;

/** Builds the app (not listening yet); closing it closes its mailer but not the database. */
export async function createApp(components: AppComponents): Promise<BuiltApp> {
  const { config, db } = components;
  const clock = components.clock ?? systemClock;
  // The socket gateway resolves client addresses with the same proxy rule as HTTP's `request.ip`.
  const trustProxy = components.trustProxy ?? fastifyTrustProxy(config.trustProxy);
  // A long path parameter reaches its route's own validation (our envelope, the security headers) instead
  // of the router's bare 414; Node's header limit still bounds the whole URL.
  const app: App = Fastify({
    logger: components.logger ?? false,
    trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>();
  const mailer =
    components.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  // The round's capacity after each join batch goes out through the socket gateway, which is made from the
  // context: the batcher hears its announcer once it exists (before any route can take a join).
  const capacity: { announcer?: CapacityAnnouncer } = {};
  const ctx: AppContext = {
    config,
    db,
    clock,
    // Inside a ledger transaction the caller passes tx.kysely (the outer handle is refused there).
    balances: components.balances ?? ((userId, k) => balancesOf(k ?? db.kysely, userId)),
    limiter: new RateLimiter(components.rateLimits ?? DEFAULT_RATE_LIMITS, () => clock.now(), rateStoreFor(db), app.log),
    auth: {
      db: db.kysely,
      clock,
      mailer,
      brand: { productName: config.productName, publicUrl: config.publicUrl },
      log: app.log,
      background: createBackground(app.log),
    },
    signingKey: await loadSigningKey(db.kysely, clock.now(), components.appKey),
    sessionsEnded: new Set(),
    joins: createJoinBatcher(createLedger(db, clock), clock, (state) => capacity.announcer?.changed(state)),
  };

  await app.register(fastifyCookie);
  await installSecurityHeaders(app, config);
  installBuildHeader(app, (components.staticPaths ?? defaultStaticPaths()).clientDir);
  installJsonParser(app);
  installErrorHandler(app);
  const openApi = collectOpenApi(app, config.productName);
  installWebManifest(app, config);
  const realtime = attachRealtime(app, ctx, { trustProxy, limits: components.realtimeLimits });
  capacity.announcer = createCapacityAnnouncer(realtime, clock);
  // Every API route lives in the API scope: its hooks (session, origin, CSRF, no-store) run for each
  // route matched inside it, whatever the raw URL looked like. Route modules receive the scope as `app`.
  await registerApiScope(app, ctx, async (api) => {
    openApiRoute(api, openApi);
    csrfCookieRoute(api, ctx);
    authRoutes(api, ctx);
    registerRoutes(api, ctx);
    passwordResetRoutes(api, ctx);
    accountRoutes(api, ctx);
    sessionRoutes(api, ctx);
    factorRoutes(api, ctx);
    loginFactorRoutes(api, ctx);
    transactionRoutes(api, ctx, realtime);
    fairnessRoutes(api, ctx);
    telemetryRoutes(api, ctx);
    eggRoutes(api, ctx);
    gameRoutes(api, ctx);
    oogleRoutes(api, ctx);
    itemActionRoutes(api, ctx);
    walletExchangeRoutes(api, ctx, realtime);
    gdaoRoutes(api, ctx, realtime);
    roomRoutes(api, ctx, realtime);
    roomEffectRoutes(api, ctx, realtime);
    for (const routes of components.routes ?? []) await routes(api, ctx, realtime);
  });
  await installStaticFiles(app, components.staticPaths ?? defaultStaticPaths());

  // Periodic upkeep, each task logged and retried on its next turn when it fails. It runs on one node
  // only: the holder of the 'upkeep' leader lock (PostgreSQL advisory lock; on SQLite, this process).
  const ledger = createLedger(db, clock);
  const leader = createLeaderLock(db, 'upkeep', clock);
  const upkeep = {
    sessions: () => Promise.all([sweepExpiredSessions(db.kysely, clock.now()), sweepExpiredTokens(db.kysely, clock.now())]),
    'ledger expiry': () => ledger.expire(),
    'transaction expiry': () => expireStaleTransactions(ledger, { onUpdate: transactionUpdateSender(realtime) }),
    gdao: () => runGdaoJob(ledger),
    presence: () => expirePresence(ctx).then(() => undefined),
  };
  type Task = keyof typeof upkeep;
  // A task still running when its timer fires again is not started twice: sweeps never pile up behind a
  // slow one (or behind a clock moved days ahead at once).
  const running = new Map<Task, Promise<void>>();
  const run = (name: Task): Promise<void> => {
    const current = running.get(name);
    if (current || !leader.isLeader()) return current ?? Promise.resolve();
    const p = upkeep[name]()
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, `${name} sweep failed`),
      )
      .finally(() => running.delete(name));
    running.set(name, p);
    return p;
  };
  const timers = [
    clock.setInterval(() => void run('sessions'), SESSION_SWEEP_MS),
    clock.setInterval(() => void run('ledger expiry'), LEDGER_EXPIRY_SWEEP_MS),
    clock.setInterval(() => void run('transaction expiry'), LEDGER_EXPIRY_SWEEP_MS),
  ];
  timers.push(clock.setInterval(() => void run('gdao'), GDAO_JOB_MS));
  timers.push(clock.setInterval(() => void run('presence'), PRESENCE_SWEEP_MS));
  const upkeepNow = async () => {
    await leader.refresh();
    await Promise.all([...running.values()]);
    await Promise.all([run('sessions'), run('ledger expiry'), run('transaction expiry'), run('gdao'), run('presence')]);
  };
  app.addHook('onReady', upkeepNow);

  // Rounds run on their own leader lock ('rounds'), so a slow settlement never delays the upkeep sweeps.
  const roundsOpts = components.rounds;
  const rounds = roundsOpts?.enabled
    ? createRoundScheduler({
        db,
        clock,
        blocks: roundsOpts.blocks,
        timing: { openMs: config.roundOpenSeconds * 1000, lockedMs: config.roundLockedSeconds * 1000 },
        chainLength: roundsOpts.chainLength ?? config.fairnessChainLength,
        onSettled: (settled) => announceRound(realtime, settled),
        log: app.log,
        leaderRetryMs: roundsOpts.leaderRetryMs,
      })
    : undefined;

  app.addHook('onClose', async () => {
    await rounds?.close();
    capacity.announcer?.close();
    for (const t of timers) t.cancel();
    await ctx.auth.background.idle();
    await leader.close();
    await mailer.close();
  });
  return { app, ctx, realtime, upkeep: upkeepNow, rounds };
}
