/**
 * The withdrawal queue's announcements: one mail per withdrawal, with the link that freezes the account's
 * withdrawals, sent before the withdrawal may be signed (the queue waits for it: QueueSafety).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../clock';
import type { Mailer } from '../../mail/mailer';
import { withdrawalMail, type MailBrand } from '../../mail/messages';
import { CURRENCY_ASSETS, formatUnitsTrimmed, type CurrencyCode } from '../../../shared/money/index';
import { toChecksumAddress } from '../../../shared/rules/wallet/index';
import type { QueuedWithdrawal, QueueSafety } from '../../chain/withdrawals';
import { dropFreezeToken, issueFreezeToken } from './withdrawalFreeze';

/** The queue's safety: `holdMs` before signing, and a mail through `mailer` for each withdrawal. */
export function withdrawalQueueSafety(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  brand: MailBrand;
  holdMs: number;
}): QueueSafety {
  return {
    holdMs: deps.holdMs,
    async announce(w: QueuedWithdrawal) {
      const token = await issueFreezeToken(deps.db, w.id, w.user_id, deps.clock.now());
      if (token === undefined) return;
      const user = await deps.db.selectFrom('users').select(['email', 'name']).where('id', '=', w.user_id).executeTakeFirstOrThrow();
      const asset = w.asset as CurrencyCode;
      const notice = {
        amount: formatUnitsTrimmed(w.amount, CURRENCY_ASSETS[asset].scale),
        currency: asset,
        to: toChecksumAddress(w.to_address),
      };
      try {
        await deps.mailer.send(withdrawalMail(deps.brand, user.email, user.name, notice, token));
      } catch (err) {
        // Not announced: the withdrawal stays unsigned, and the next step mails again with a new token.
        await dropFreezeToken(deps.db, w.id);
        throw err;
      }
    },
  };
}
