/**
 * The server the compatibility suite talks to: the whole product as `startServer.ts` starts it (every route
 * module, the embedded dev chain's wallet routes, genesis, the exchange pools and the shop's stock) on a
 * fresh database of either dialect, with the manual clock of the test servers.
 */
import { expect } from 'vitest';
import type { DialectName } from '../../../src/server/db/database';
import { ensureExchangePools } from '../../../src/server/domain/exchange/exchangePools';
import { ensureShopStock } from '../../../src/server/domain/shop/shopStock';
import { chainModule } from '../../../src/server/http/routes/walletRoutes';
import { roomChatRoutes } from '../../../src/server/http/routes/roomChatRoutes';
import { createLedger, ensureGenesis, type Ledger } from '../../../src/server/ledger/index';
import { startTestChain, type TestChain } from '../../support/chain';
import { startTestServer, type TestServer } from '../../support/server';

/**
 * The coalescing window of the suite's server. Wider than the product's 200 ms so that a purchase's
 * events land in one window however slowly a loaded test machine runs the request between them.
 */
export const COMPAT_COALESCE_MS = 1_500;

/** A running product for the suite, and its ledger (to fund players and check the ledger after each file). */
export interface CompatServer {
  s: TestServer;
  chain: TestChain;
  ledger: Ledger;
  ledgerOk(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the product on `dialect`. */
export async function startCompatServer(dialect: DialectName, pgAdminUrl: string): Promise<CompatServer> {
  const chain = await startTestChain({ confirmations: 2 });
  const mod = chainModule(chain.gateway);
  const s = await startTestServer(dialect, pgAdminUrl, {
    routes: [mod.routes, roomChatRoutes(chain.gateway.deposits)],
    realtimeLimits: { coalesceMs: COMPAT_COALESCE_MS },
  });
  await mod.scanNow();
  await ensureGenesis(s.testDb.db, s.clock);
  await ensureExchangePools(s.testDb.db, s.clock);
  await ensureShopStock(s.testDb.db, s.clock);
  const ledger = createLedger(s.testDb.db, s.clock);
  return {
    s,
    chain,
    ledger,
    ledgerOk: async () => expect((await ledger.check()).violations).toEqual([]),
    close: async () => {
      await s.close();
      await chain.close();
    },
  };
}
