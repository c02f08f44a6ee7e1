/** Public telemetry (FACTS.md): `GET /api/telemetry`, `/api/telemetry/chart` (mining pool) and `/api/telemetry/num` (T per round). */
import { loadTelemetry, poolChart, thresholdChart } from '../../domain/rounds/telemetry';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';

/** Registers the telemetry routes. */
export function telemetryRoutes(app: App, ctx: AppContext): void {
  app.get('/api/telemetry', async () => ok(await loadTelemetry(ctx.db.kysely)));
  app.get('/api/telemetry/chart', async () => ok(await poolChart(ctx.db.kysely, ctx.clock.now())));
  app.get('/api/telemetry/num', async () => ok(await thresholdChart(ctx.db.kysely, ctx.clock.now())));
}
