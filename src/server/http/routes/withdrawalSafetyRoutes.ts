/**
 * Withdrawal freeze and unfreeze (src/server/domain/wallet/README.md "Withdrawal safety"). The mails link
 * to pages of the app (`/freeze/{token}`, `/unfreeze/{token}`) whose one button POSTs the token: a mail
 * scanner or a cross-site link that merely opens a link changes nothing.
 * `POST /api/wallet/freeze` needs no login (the mail may be read on another device) and only freezes;
 * `POST /api/wallet/unfreeze` (logged in) unfreezes with a fresh second factor (required when the player
 * has one), with the unfreeze mail's token, or else mails that link; `GET /api/wallet/freeze` tells the
 * logged-in player whether their withdrawals are frozen. The GET links of mails sent before the pages
 * existed redirect to the pages.
 */
import { z } from 'zod';
import type { Realtime } from '../../realtime/gateway';
import type { AppContext, App } from '../../app/context';
import { createLedger } from '../../ledger/index';
import { freezeByToken, issueUnfreezeToken, isFrozen, unfreeze, unfreezeByToken } from '../../domain/wallet/withdrawalFreeze';
import { FREEZE_DONE, UNFREEZE_MAIL_SENT, UNFROZEN, WITHDRAWAL_FROZEN_STOPPED, WITHDRAWALS_FROZEN } from '../../domain/wallet/walletTexts';
import { unfreezeMail } from '../../mail/messages';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';
import { factorVerifiedIfEnabled } from '../freshFactor';

const token = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
const tokenParams = z.object({ token });
const freezeBody = z.object({ token });
// The unfreeze mail's token is optional: without it the call is the second factor's (or asks for the mail).
const unfreezeBody = z.looseObject({ token: z.optional(token) });

/** Registers the freeze and unfreeze routes. */
export function withdrawalSafetyRoutes(app: App, ctx: AppContext, realtime: Realtime): void {
  const ledger = createLedger(ctx.db, ctx.clock);
  const brand = { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl };

  app.get('/api/wallet/freeze', async (request) => {
    const user = await requireUser(ctx, request);
    const frozen = await isFrozen(ctx.db.kysely, user.id);
    return frozen ? ok({ frozen }, WITHDRAWALS_FROZEN) : ok({ frozen });
  });

  app.post('/api/wallet/freeze', { schema: { body: freezeBody } }, async (request) => {
    const { userId, stopped } = await freezeByToken(ledger, request.body.token);
    for (const id of stopped)
      realtime.sendToUser(userId, 'transaction_update', { id, type: 'send', status: 'fail', message: WITHDRAWAL_FROZEN_STOPPED });
    return ok({ frozen: true, stopped: stopped.length }, FREEZE_DONE);
  });

  app.post('/api/wallet/unfreeze', { schema: { body: unfreezeBody } }, async (request) => {
    const user = await requireUser(ctx, request);
    if (!(await isFrozen(ctx.db.kysely, user.id))) return ok({ frozen: false }, UNFROZEN);
    const body = request.body;
    if (body.token !== undefined) {
      await unfreezeByToken(ctx.db.kysely, user.id, body.token, ctx.clock.now());
      return ok({ frozen: false }, UNFROZEN);
    }
    // With a second factor the unfreeze needs a fresh one (a 422 naming the field without it); a player
    // without one unfreezes through the mailed link.
    if (await factorVerifiedIfEnabled(ctx, request, user, body)) {
      await unfreeze(ctx.db.kysely, user.id);
      return ok({ frozen: false }, UNFROZEN);
    }
    const mailToken = await issueUnfreezeToken(ctx.db.kysely, user.id, ctx.clock.now());
    if (mailToken !== undefined) await ctx.auth.mailer.send(unfreezeMail(brand, user.email, user.name, mailToken));
    return ok({ frozen: true, mailed: true }, UNFREEZE_MAIL_SENT);
  });

  // Links of mails sent before the pages: they only lead to the page, which asks for the press.
  for (const kind of ['freeze', 'unfreeze'] as const)
    app.get(`/api/wallet/${kind}/:token`, { schema: { params: tokenParams } }, async (request, reply) =>
      reply.redirect(`/${kind}/${(request.params as { token: string }).token}`, 303),
    );
}
