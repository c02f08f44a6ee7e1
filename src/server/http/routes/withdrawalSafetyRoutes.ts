/**
 * Withdrawal freeze and unfreeze (src/server/domain/wallet/README.md "Withdrawal safety"):
 * `GET /api/wallet/freeze/{token}` is the withdrawal mail's link: it needs no login (the mail may be read
 * on another device) and only freezes, so a forged or repeated visit cannot move money;
 * `POST /api/wallet/unfreeze` (logged in) unfreezes with a fresh second factor (required when the player has
 * one), or mails an unfreeze link to a player without one; `GET /api/wallet/unfreeze/{token}` is that link, opened while logged in as its owner.
 */
import { z } from 'zod';
import type { Realtime } from '../../realtime/gateway';
import type { AppContext, App } from '../../app/context';
import { createLedger } from '../../ledger/index';
import { freezeByToken, issueUnfreezeToken, isFrozen, unfreeze, unfreezeByToken } from '../../domain/wallet/withdrawalFreeze';
import { FREEZE_DONE, UNFREEZE_MAIL_SENT, UNFROZEN, WITHDRAWAL_FROZEN_STOPPED } from '../../domain/wallet/walletTexts';
import { unfreezeMail } from '../../mail/messages';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';
import { factorVerifiedIfEnabled } from '../freshFactor';

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });

/** Registers the freeze and unfreeze routes. */
export function withdrawalSafetyRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const ledger = createLedger(ctx.db, ctx.clock);
  const brand = { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl };

  app.get('/api/wallet/freeze/:token', { schema: { params: tokenParams } }, async (request) => {
    const { userId, stopped } = await freezeByToken(ledger, request.params.token);
    for (const id of stopped)
      realtime.sendToUser(userId, 'transaction_update', { id, type: 'send', status: 'fail', message: WITHDRAWAL_FROZEN_STOPPED });
    return ok({ frozen: true, stopped: stopped.length }, FREEZE_DONE);
  });

  app.post('/api/wallet/unfreeze', async (request) => {
    const user = await requireUser(ctx, request);
    if (!(await isFrozen(ctx.db.kysely, user.id))) return ok({ frozen: false }, UNFROZEN);
    // With a second factor the unfreeze needs a fresh one (a 422 naming the field without it); a player
    // without one unfreezes through the mailed link.
    const body = request.body !== null && typeof request.body === 'object' ? request.body : {};
    if (await factorVerifiedIfEnabled(ctx, request, user, body)) {
      await unfreeze(ctx.db.kysely, user.id);
      return ok({ frozen: false }, UNFROZEN);
    }
    const token = await issueUnfreezeToken(ctx.db.kysely, user.id, ctx.clock.now());
    if (token !== undefined) await ctx.auth.mailer.send(unfreezeMail(brand, user.email, user.name, token));
    return ok({ frozen: true, mailed: true }, UNFREEZE_MAIL_SENT);
  });

  app.get('/api/wallet/unfreeze/:token', { schema: { params: tokenParams } }, async (request) => {
    const user = await requireUser(ctx, request);
    await unfreezeByToken(ctx.db.kysely, user.id, request.params.token, ctx.clock.now());
    return ok({ frozen: false }, UNFROZEN);
  });
}
