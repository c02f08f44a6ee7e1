/** The public solvency report: `GET /api/solvency` (no session needed), cached a few seconds. */
import type { ChainGateway } from '../../chain/gateway';
import type { RouteModule } from '../../app';
import { readSolvency } from '../../domain/solvency/solvencyReport';
import { solvencyCache } from '../../domain/solvency/solvencyCache';
import { ok } from '../envelope';

/** The solvency route over `gateway` (undefined where this node has no chain: custody is then left out). */
export function solvencyRoutes(gateway: ChainGateway | undefined, opts: { ttlMs?: number } = {}): RouteModule {
  return (app, ctx) => {
    const cache = solvencyCache(
      ctx.clock,
      (now) => readSolvency(ctx.db, gateway, now, (err) => app.log.warn({ err }, 'solvency: custody not readable')),
      opts.ttlMs,
    );
    app.get('/api/solvency', async () => ok(await cache.get()));
  };
}
