/**
 * The eidol item actions (issue #11, spec 2 §5): pop, extract, feed (Golden Cookies), apple (Precision
 * Apples), transmute eggtoplasm and enchant a jar; each answers `{oogle, ...}` and is idempotent with an
 * Idempotency-Key. Another player's eidol answers 404 exactly like a missing one (oogleRoutes.ts).
 */
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../shared/api/transactions';
import { AppError } from '../../domain/errors';
import { EIDOL_NOT_FOUND } from '../../domain/eidols/eidolTexts';
import type { ActionRequest } from '../../domain/items/actionGuard';
import { appleEidol } from '../../domain/items/appleEidol';
import { enchantJar } from '../../domain/items/enchantJar';
import { extractValue } from '../../domain/items/extractValue';
import { feedEidol } from '../../domain/items/feedEidol';
import { popEidol } from '../../domain/items/popEidol';
import type { ActionResult } from '../../domain/items/runAction';
import { transmuteEgg } from '../../domain/items/transmuteEgg';
import type { RequestOutcome } from '../../domain/requests/requestRecords';
import { createLedger } from '../../ledger/index';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';

const idParams = z.object({ id: z.string() });
// The amount is read by the action itself (digits only), so a wrong one gets the spec's text, not the validator's.
const amountBody = z.object({ amount: z.unknown().optional() }).nullish();

/** The eidol id of a path, or a 404 for anything that cannot be one (never looked up). */
function eidolIdOf(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, EIDOL_NOT_FOUND);
  return id;
}

/** Registers the item action routes. */
export function itemActionRoutes(app: App, ctx: AppContext): void {
  const ledger = createLedger(ctx.db, ctx.clock);

  /** Answers an outcome, marking a replay. */
  const answer = (outcome: RequestOutcome<ActionResult>, reply: { header(k: string, v: string): unknown }) => {
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return ok(outcome.result);
  };
  /** The caller and the eidol of the path, with the time the request arrived (the round phase is judged at it). */
  const actionOf = async (request: Parameters<typeof requireUser>[1], rawId: string): Promise<ActionRequest> => {
    const receivedAt = ctx.clock.now();
    const user = await requireUser(ctx, request);
    return { userId: user.id, eidolId: eidolIdOf(rawId), receivedAt };
  };

  app.post('/api/oogles/:id/pop', { schema: { params: idParams } }, async (request, reply) => {
    const req = await actionOf(request, request.params.id);
    return answer(await popEidol(ledger, req, requestRefOf(request)), reply);
  });

  app.post('/api/oogles/:id/extract', { schema: { params: idParams, body: amountBody } }, async (request, reply) => {
    const req = await actionOf(request, request.params.id);
    return answer(await extractValue(ledger, req, request.body?.amount, requestRefOf(request)), reply);
  });

  app.post('/api/oogles/:id/feed', { schema: { params: idParams, body: amountBody } }, async (request, reply) => {
    const req = await actionOf(request, request.params.id);
    return answer(await feedEidol(ledger, req, request.body?.amount, requestRefOf(request)), reply);
  });

  app.post('/api/oogles/:id/apple', { schema: { params: idParams, body: amountBody } }, async (request, reply) => {
    const req = await actionOf(request, request.params.id);
    return answer(await appleEidol(ledger, req, request.body?.amount, requestRefOf(request)), reply);
  });

  app.post('/api/oogles/:id/transmuteegg', { schema: { params: idParams } }, async (request, reply) => {
    const req = await actionOf(request, request.params.id);
    return answer(await transmuteEgg(ledger, req, requestRefOf(request)), reply);
  });

  app.post('/api/oogle/enchant', async (request, reply) => {
    const receivedAt = ctx.clock.now();
    const user = await requireUser(ctx, request);
    return answer(await enchantJar(ledger, user.id, receivedAt, requestRefOf(request)), reply);
  });
}
