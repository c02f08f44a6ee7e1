/**
 * The Forum's three incense slots (spec 3 §4 "Incense", ECONOMY.md): `POST /api/rooms/incense/` spends one
 * Incense (item 3, to `consumed`) and lights the slot for INCENSE_MINUTES, in one transaction with the
 * slot row locked, so two players racing for one slot spend exactly one Incense between them. A slot is
 * lit while `burns_until` is in the future; each lit slot doubles the round emission (`burningSlots`,
 * read when a round is booked).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { WORLD_ITEM_IDS } from '../../../shared/rules/items';
import { isLedgerError, itemAsset, playerAccount, systemAccount, transfer, type Ledger } from '../../ledger/index';
import { AppError } from '../errors';
import { itemsHeld } from '../items/actionGuard';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { wireTime } from '../users/userTime';
import { INCENSE_MINUTES } from './effectsConfig';
import { INCENSE_BURNING, INVALID_INCENSE_ID, NO_INCENSE } from './effectTexts';

/** The slot numbers. */
export const INCENSE_SLOTS = [1, 2, 3] as const;

/** The game view's incense fields: each slot's end (UTC) while it burns, else ''. */
// A type alias, not an interface: a keyed burn's answer is stored (request_records), which needs its implicit index signature.
export type IncenseView = {
  incense_1: string;
  incense_2: string;
  incense_3: string;
};

/** What a burn answers: the slot lit, its end (UTC), and every slot as the game view shows them. */
export type IncenseBurn = IncenseView & { slot: number; until: string };

/** The slot of a request body's `incense_id`: 1, 2 or 3 as a JSON integer or a one-digit string; else a 422. */
export function readIncenseSlot(raw: unknown): number {
  const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
  if (!/^[123]$/.test(text)) throw new AppError(422, INVALID_INCENSE_ID, { incense_id: [INVALID_INCENSE_ID] });
  return Number(text);
}

/** How many slots burn at `at` (epoch ms): `burns_until` strictly after it. */
export async function burningSlots(k: Kysely<Database>, at: number): Promise<number> {
  const row = await k
    .selectFrom('incense_slots')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('burns_until', '>', at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The game view's incense fields at `now`. */
export async function incenseView(k: Kysely<Database>, now: number): Promise<IncenseView> {
  const rows = await k.selectFrom('incense_slots').select(['slot', 'burns_until']).execute();
  const until = (slot: number) => {
    const t = rows.find((r) => r.slot === slot)?.burns_until ?? null;
    return t !== null && t > now ? wireTime(t)! : '';
  };
  return { incense_1: until(1), incense_2: until(2), incense_3: until(3) };
}

/**
 * Lights `slot` for the player: refused with 409 "You have no Incense to burn" without an Incense, 409
 * while the slot burns; a refusal writes nothing. Lock order: the slot row, then the ledger's accounts.
 * With a request key (`ref`) it runs once: a retry, even one racing the first, replays its answer.
 */
export async function burnIncense(ledger: Ledger, userId: number, slot: number, ref?: RequestRef): Promise<RequestOutcome<IncenseBurn>> {
  const opId = crypto.randomUUID();
  try {
    return await ledger.run((tx) =>
      withOptionalRequestRecord(tx, userId, ref, async () => {
        // PostgreSQL: a racing burn of this slot waits here, then finds it lit. SQLite's BEGIN IMMEDIATE serialises.
        const row = await tx.kysely
          .selectFrom('incense_slots')
          .select(['slot', 'burns_until'])
          .where('slot', '=', slot)
          .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirstOrThrow();
        if ((await itemsHeld(tx, userId, WORLD_ITEM_IDS.INCENSE)) < 1n) throw new AppError(409, NO_INCENSE, { incense_id: [NO_INCENSE] });
        if (row.burns_until !== null && row.burns_until > tx.now)
          throw new AppError(409, INCENSE_BURNING, { incense_id: [INCENSE_BURNING] });
        const asset = itemAsset(WORLD_ITEM_IDS.INCENSE);
        await transfer(tx, {
          id: `incense:${opId}`,
          debit: await playerAccount(tx, userId, asset),
          credit: await systemAccount(tx, 'consumed', asset),
          amount: 1n,
          code: 'incense',
          ref: String(slot),
        });
        const until = tx.now + INCENSE_MINUTES * 60_000;
        await tx.kysely
          .updateTable('incense_slots')
          .set({ burns_until: until, lit_by: userId, updated_at: tx.now })
          .where('slot', '=', slot)
          .execute();
        return { slot, until: wireTime(until)!, ...(await incenseView(tx.kysely, tx.now)) };
      }),
    );
  } catch (err) {
    // The ledger's last word: the player's other request spent the same Incense first.
    if (isLedgerError(err, 'exceeds_balance')) throw new AppError(409, NO_INCENSE, { incense_id: [NO_INCENSE] });
    throw err;
  }
}
