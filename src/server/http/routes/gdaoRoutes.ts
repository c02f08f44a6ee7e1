/**
 * Transmutation and the gDAO economy: `GET/POST /api/oogles/{id}/train`, `GET /api/oogles/{id}/transmutations`
 * (the past attempts, seeds revealed), `POST /api/rooms/claimgdao`, `POST /api/rooms/gdaoledger`,
 * `POST /api/rooms/tax`, the public `GET /api/gdao/distributions` and `GET /api/gdao/distributions/{month}`
 * (no session needed), and the player's own leaf and Merkle proof, `GET /api/gdao/distributions/{month}/proof`.
 */
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/api/transactions';
import { AppError } from '../../domain/errors';
import { EIDOL_NOT_FOUND } from '../../domain/eidols/eidolTexts';
import { claimGdao } from '../../domain/gdao/chest';
import { DISTRIBUTION_NOT_FOUND, NO_LEAF_IN_MONTH } from '../../domain/gdao/gdaoTexts';
import { listDistributions, loadDistribution, loadLeafProof } from '../../domain/gdao/distributionViews';
import { loadIncomeLedger } from '../../domain/gdao/incomeLedger';
import { isMonth, publishDueMonths } from '../../domain/gdao/monthlyIncome';
import { payTax } from '../../domain/gdao/taxBox';
import { quoteTraining, trainEidol } from '../../domain/gdao/training';
import { trainingInputOf } from '../../domain/gdao/trainingInput';
import { transmutationHistory } from '../../domain/gdao/transmutationHistory';
import { ownEidol } from '../../domain/eidols/eidolRepo';
import { requireActiveWallet } from '../../domain/wallet/walletGuard';
import { createLedger } from '../../ledger/index';
import type { Realtime } from '../../realtime/gateway';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';

const idParams = z.object({ id: z.string() });
const monthParams = z.object({ month: z.string() });
const pageQuery = z.object({ page: z.string().optional() });

/** The eidol id of a path, or a 404 for anything that cannot be one (never looked up). */
function eidolIdOf(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, EIDOL_NOT_FOUND);
  return id;
}

/** Registers the transmutation and gDAO routes. */
export function gdaoRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  app.get('/api/oogles/:id/train', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(ctx, request);
    requireActiveWallet(user);
    return ok(await quoteTraining(ledger, user.id, eidolIdOf(request.params.id)));
  });

  app.post('/api/oogles/:id/train', { schema: { params: idParams } }, async (request, reply) => {
    const receivedAt = ctx.clock.now();
    const user = await requireUser(ctx, request);
    requireActiveWallet(user);
    const eidolId = eidolIdOf(request.params.id);
    const input = trainingInputOf(request.body);
    const { result, replayed } = await trainEidol(ledger, user.id, eidolId, receivedAt, input, requestRefOf(request));
    if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    // After the commit, once per attempt: the event never announces an attempt that did not happen.
    else realtime.sendToUser(user.id, result.trained ? 'training_succesfull' : 'training_failed', { oogle_id: result.oogle.id });
    return ok(result);
  });

  app.get('/api/oogles/:id/transmutations', { schema: { params: idParams, querystring: pageQuery } }, async (request) => {
    const user = await requireUser(ctx, request);
    // A closed eidol's attempts stay readable to its owner, like its round history.
    const row = await ownEidol(ctx.db.kysely, user.id, eidolIdOf(request.params.id));
    if (!row) throw new AppError(404, EIDOL_NOT_FOUND);
    const raw = request.query.page;
    const page = raw !== undefined && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
    return ok(await transmutationHistory(ctx.db.kysely, row.id, page));
  });

  app.post('/api/rooms/claimgdao', async (request, reply) => {
    const receivedAt = ctx.clock.now();
    const user = await requireUser(ctx, request);
    const body = request.body;
    const outcome = await claimGdao(
      ledger,
      user.id,
      body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      receivedAt,
      requestRefOf(request),
    );
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return ok(outcome.result);
  });

  app.post('/api/rooms/gdaoledger', async (request) => {
    const user = await requireUser(ctx, request);
    // The periodic job publishes closed months; asking also publishes one it has not reached yet.
    await publishDueMonths(ledger);
    return ok(await loadIncomeLedger(ctx.db.kysely, user.id, ctx.clock.now()));
  });

  app.post('/api/rooms/tax', async (request, reply) => {
    const receivedAt = ctx.clock.now();
    const user = await requireUser(ctx, request);
    const outcome = await payTax(ledger, user.id, receivedAt, requestRefOf(request));
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return ok(outcome.result);
  });

  app.get('/api/gdao/distributions', async () => {
    await publishDueMonths(ledger);
    return ok(await listDistributions(ctx.db.kysely));
  });

  app.get('/api/gdao/distributions/:month', { schema: { params: monthParams } }, async (request) => {
    const month = request.params.month;
    if (!isMonth(month)) throw new AppError(404, DISTRIBUTION_NOT_FOUND);
    await publishDueMonths(ledger);
    const view = await loadDistribution(ctx.db.kysely, month);
    if (!view) throw new AppError(404, DISTRIBUTION_NOT_FOUND);
    return ok(view);
  });

  app.get('/api/gdao/distributions/:month/proof', { schema: { params: monthParams } }, async (request) => {
    const user = await requireUser(ctx, request);
    const month = request.params.month;
    if (!isMonth(month)) throw new AppError(404, DISTRIBUTION_NOT_FOUND);
    await publishDueMonths(ledger);
    const proof = await loadLeafProof(ctx.db.kysely, month, user.id);
    if (proof === undefined) throw new AppError(404, DISTRIBUTION_NOT_FOUND);
    if (proof === null) throw new AppError(404, NO_LEAF_IN_MONTH);
    return ok(proof);
  });
}
