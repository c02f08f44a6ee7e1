/**
 * One eidol: `GET /api/oogles/{id}`, `POST /api/oogles/{id}/confirmloss`, `GET /api/oogles/{id}/transactions`
 * (paged with `?page`), and the player's `GET /api/transactions/stats`. Another player's eidol answers 404
 * exactly like a missing one.
 */
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { confirmLoss } from '../../domain/eidols/confirmLoss';
import { eidolTransactions, roundStats, statsView } from '../../domain/eidols/eidolHistory';
import { eidolValue, ownEidol } from '../../domain/eidols/eidolRepo';
import { toEidolView } from '../../domain/eidols/eidolView';
import { publishedCommitment } from '../../domain/gdao/training';
import { EIDOL_NOT_FOUND } from '../../domain/eidols/eidolTexts';
import { createLedger } from '../../ledger/index';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';

const idParams = z.object({ id: z.string() });
const pageQuery = z.object({ page: z.string().optional() });

/** The eidol id of a path, or a 404 for anything that cannot be one (never looked up). */
function eidolIdOf(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, EIDOL_NOT_FOUND);
  return id;
}

/** A `?page` (1-based); anything else reads as the first page. */
function pageOf(raw: string | undefined): number {
  const n = raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, n);
}

/** Registers the eidol routes. */
export function oogleRoutes(app: App, ctx: AppContext): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  /** The player's open eidol `raw`, or a 404. */
  const openOwn = async (userId: number, raw: string) => {
    const row = await ownEidol(ctx.db.kysely, userId, eidolIdOf(raw));
    if (!row || row.closed_at !== null) throw new AppError(404, EIDOL_NOT_FOUND);
    return row;
  };

  app.get('/api/oogles/:id', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(ctx, request);
    const row = await openOwn(user.id, request.params.id);
    const view = toEidolView(row, await eidolValue(ctx.db.kysely, row.id));
    // A level-11 eidol shows its next transmutation's commitment, published before any attempt.
    const c = await publishedCommitment(ledger, ctx.db.kysely, row);
    return ok(c ? { ...view, transmute_seed_hash: c.seed_hash, transmute_attempt: c.attempt } : view);
  });

  app.post('/api/oogles/:id/confirmloss', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(ctx, request);
    return ok(await confirmLoss(ledger, user.id, eidolIdOf(request.params.id)));
  });

  app.get('/api/oogles/:id/transactions', { schema: { params: idParams, querystring: pageQuery } }, async (request) => {
    const user = await requireUser(ctx, request);
    // A closed eidol's history stays readable to its owner.
    const row = await ownEidol(ctx.db.kysely, user.id, eidolIdOf(request.params.id));
    if (!row) throw new AppError(404, EIDOL_NOT_FOUND);
    return ok(await eidolTransactions(ctx.db.kysely, row.id, pageOf(request.query.page)));
  });

  app.get('/api/transactions/stats', async (request) => {
    const user = await requireUser(ctx, request);
    return ok(statsView(await roundStats(ctx.db.kysely, user.id, ctx.clock.now())));
  });
}
