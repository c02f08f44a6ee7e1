/**
 * The Patricius Tax Box (`POST /api/rooms/tax`, ECONOMY.md "Titles"): one Tax Commendation (item 7) moves
 * to `consumed` and the Patricius title runs one calendar month longer, from its end when it is still
 * running, else from now. The item and the date commit together.
 */
import crypto from 'node:crypto';
import { ITEM_IDS, itemAsset } from '../../../shared/money/assets';
import { playerAccount, systemAccount, transfer, type Ledger, type LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { wireTime } from '../users/userTime';
import { refuseUnlessOpen, roundOpenAt, spendable } from './gdaoGuards';
import { NO_TAX_COMMENDATION } from './gdaoTexts';

/** `from` moved `months` calendar months on (UTC; a day past the target month's end clamps to its last day). */
export function addMonths(from: number, months: number): number {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** The end of a title extended by `months` at `now`: from its end while running, else from now. */
export function extendTitle(until: number | null, now: number, months = 1): number {
  return addMonths(until !== null && until > now ? until : now, months);
}

/** The tax payment inside `tx`, after the round lock (`open`). */
async function payTaxIn(tx: LedgerTx, userId: number, open: boolean): Promise<{ patricius: string }> {
  refuseUnlessOpen(open);
  const user = await tx.kysely
    .selectFrom('users')
    .select(['id', 'patricius_until'])
    .where('id', '=', userId)
    .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
  const item = await playerAccount(tx, userId, itemAsset(ITEM_IDS.TAX_COMMENDATION));
  if ((await spendable(tx, item)) < 1n) throw new AppError(422, NO_TAX_COMMENDATION);
  const until = extendTitle(user.patricius_until, tx.now);
  const id = crypto.randomUUID();
  await transfer(tx, {
    id: `tax:${id}`,
    debit: item,
    credit: await systemAccount(tx, 'consumed', itemAsset(ITEM_IDS.TAX_COMMENDATION)),
    amount: 1n,
    code: 'tax',
    ref: String(userId),
  });
  await tx.kysely.updateTable('users').set({ patricius_until: until, updated_at: tx.now }).where('id', '=', userId).execute();
  return { patricius: wireTime(until)! };
}

/** Spends one Tax Commendation of the player for a month of Patricius (once per Idempotency-Key); answers the new end. */
export function payTax(
  ledger: Ledger,
  userId: number,
  receivedAt: number,
  ref?: RequestRef,
): Promise<RequestOutcome<{ patricius: string }>> {
  return ledger.run(async (tx) => {
    const open = await roundOpenAt(tx, receivedAt);
    return withOptionalRequestRecord(tx, userId, ref, () => payTaxIn(tx, userId, open));
  });
}
