/** `POST /api/transactions/{id}/commit`: stage 1 of the two-stage flow (spec 2 §4); updates reach the owner's socket. */
import { commitParams, IDEMPOTENT_REPLAYED_HEADER, type CommitData } from '../../../shared/api/transactions';
import { commitTransaction, type TransactionUpdateListener } from '../../domain/transactions/index';
import { createLedger } from '../../ledger/index';
import type { Realtime } from '../../realtime/gateway';
import type { App, AppContext } from '../../app/context';
import { ok } from '../envelope';
import { requestRefOf } from '../idempotency';
import { requireUser } from '../requireUser';

/** Sends each transaction status change to its owner as `transaction_update` (spec 3 §7). */
export function transactionUpdateSender(realtime: Realtime): TransactionUpdateListener {
  return (userId, view) => realtime.sendToUser(userId, 'transaction_update', { ...view });
}

/** Money on the wire is a decimal string; a bigint left in a kind's answer must not break the reply. */
function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Registers the commit route. */
export function transactionRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const deps = { ledger: createLedger(ctx.db, ctx.clock), onUpdate: transactionUpdateSender(realtime) };

  app.post('/api/transactions/:id/commit', { schema: { params: commitParams } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const outcome = await commitTransaction(deps, user.id, request.params.id, requestRefOf(request));
    if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    const data: CommitData = { transaction: outcome.transaction, result: wire(outcome.result) };
    return ok(data);
  });
}
