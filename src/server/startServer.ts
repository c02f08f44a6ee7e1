/** The server's start: configuration → chain gateway (the embedded dev chain by default) → database → migrations → app → listen; closes cleanly on SIGINT/SIGTERM. */
import { createApp } from './app';
import { loadChainConfig } from './chain/chainConfig';
import { openChainGateway } from './chain/gateway';
import { roundBlocks } from './chain/roundBlocks';
import { chainModule } from './http/routes/walletRoutes';
import { solvencyRoutes } from './http/routes/solvencyRoutes';
import { roomChatRoutes } from './http/routes/roomChatRoutes';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { systemClock } from './clock';
import { rateLimitsFromEnv } from './http/rateLimitEnv';
import { ensureGenesis } from './ledger/index';
import { ensureExchangePools } from './domain/exchange/exchangePools';
import { ensureShopStock } from './domain/shop/shopStock';
import { ensureGdaoGenesis } from './domain/gdao/gdaoGenesis';

/** Starts the server as `npm start` runs it; resolves once it listens. */
export async function startServer(): Promise<void> {
  const config = loadConfig();
  // The embedded dev chain (CHAIN_RPC_URL unset) starts first: the app watches it from its first moment.
  const chainStart = performance.now();
  const chain = await openChainGateway(loadChainConfig(process.env, config), config.dataDir, console);
  // Printed for `bench:start`, which reports the chain's own start apart from the server's.
  console.info(`chain gateway open in ${Math.round(performance.now() - chainStart)} ms`);
  const db = openDatabase(config);
  await migrate(db);
  await ensureGenesis(db, systemClock);
  await ensureExchangePools(db, systemClock);
  await ensureShopStock(db, systemClock);
  await ensureGdaoGenesis(db, systemClock);
  const { app } = await createApp({
    config,
    db,
    clock: systemClock,
    logger: { level: config.logLevel },
    rateLimits: rateLimitsFromEnv(process.env),
    appKey: process.env.APP_KEY || undefined,
    rounds: { enabled: true, blocks: roundBlocks(chain.client, chain.dev !== undefined) },
    routes: [chainModule(chain).routes, solvencyRoutes(chain), roomChatRoutes(chain.deposits)],
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => chain.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  app.log.info({ url, database: db.dialect }, `${config.productName} listening on ${url}`);
  console.info(`${config.productName} listening on ${url}`);
}
