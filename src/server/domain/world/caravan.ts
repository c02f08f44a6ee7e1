/**
 * The caravan (spec 3 §4 "Caravan", ECONOMY.md), one `POST /api/rooms/caravan/` whose effect follows the
 * caravan's state row (`caravan_state`, id 1, locked for the whole transaction):
 * - home (no goods): a Map (item 8) goes to `consumed`, the CARAVAN_GOODS goods are issued from `genesis`
 *   into `item_reserve` (the load, so the reserve always holds exactly what is packed), and the caravan
 *   travels until now + CARAVAN_MINUTES;
 * - travelling: refused, "Caravan will return in {time}";
 * - returned with goods: ONE good moves from `item_reserve` to `shop_stock` (the store's restock) and the
 *   goods left drop by one; the last one brings the caravan home (`returns_at` null).
 * The store stays "Locked for restock" from the send until the last good is unpacked (shopLocks.ts).
 */
import crypto from 'node:crypto';
import { WORLD_ITEM_IDS } from '../../../shared/rules/items';
import {
  isLedgerError,
  itemAsset,
  playerAccount,
  systemAccount,
  transferBatch,
  type Ledger,
  type LedgerTx,
  type TransferInput,
} from '../../ledger/index';
import { AppError } from '../errors';
import { itemsHeld } from '../items/actionGuard';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import type { CaravanState } from '../shop/shopLocks';
import { wireTime } from '../users/userTime';
import { CARAVAN_GOODS, CARAVAN_HOME_GRACE_MS, CARAVAN_MINUTES, caravanGoodItem, caravanLoad } from './effectsConfig';
import { CARAVAN_UNPACKED, NO_MAP, caravanReturnsIn } from './effectTexts';

/** The game view's caravan fields: the return time (UTC) while travelling, else ''; goods left once back (0 while travelling). */
// A type alias, not an interface: a keyed request's outcome is stored (request_records), which needs its implicit index signature.
export type CaravanView = {
  caravan: string;
  caravan_items: number;
};

/** What the caravan did: sent (with its return time), or one good unpacked (its item and the goods left). */
export type CaravanOutcome =
  { kind: 'sent'; returnsAt: number; view: CaravanView } | { kind: 'unpacked'; itemId: number; goodsLeft: number; view: CaravanView };

/** True while the caravan is away: goods packed and the return still ahead. */
export function travelling(c: CaravanState, now: number): boolean {
  return c.goodsRemaining > 0 && c.returnsAt !== null && c.returnsAt > now;
}

/** The caravan as the game view shows it at `now`. */
export function caravanView(c: CaravanState, now: number): CaravanView {
  return travelling(c, now) ? { caravan: wireTime(c.returnsAt)!, caravan_items: 0 } : { caravan: '', caravan_items: c.goodsRemaining };
}

async function lockCaravan(tx: LedgerTx): Promise<CaravanState & { updatedAt: number }> {
  // PostgreSQL: a concurrent caravan request waits here and then sees this one's result.
  const row = await tx.kysely
    .selectFrom('caravan_state')
    .select(['returns_at', 'goods_remaining', 'updated_at'])
    .where('id', '=', 1)
    .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return { returnsAt: row.returns_at, goodsRemaining: row.goods_remaining, updatedAt: row.updated_at };
}

async function send(tx: LedgerTx, userId: number, opId: string): Promise<CaravanOutcome> {
  if ((await itemsHeld(tx, userId, WORLD_ITEM_IDS.MAP)) < 1n) throw new AppError(409, NO_MAP);
  const map = itemAsset(WORLD_ITEM_IDS.MAP);
  const legs: TransferInput[] = [
    {
      id: `caravan:${opId}:map`,
      debit: await playerAccount(tx, userId, map),
      credit: await systemAccount(tx, 'consumed', map),
      amount: 1n,
      code: 'caravan',
      ref: String(userId),
    },
  ];
  for (const [itemId, units] of caravanLoad(CARAVAN_GOODS)) {
    const asset = itemAsset(itemId);
    legs.push({
      id: `caravan:${opId}:load:${itemId}`,
      debit: await systemAccount(tx, 'genesis', asset),
      credit: await systemAccount(tx, 'item_reserve', asset),
      amount: units,
      code: 'caravan',
    });
  }
  await transferBatch(tx, legs);
  const returnsAt = tx.now + CARAVAN_MINUTES * 60_000;
  await tx.kysely
    .updateTable('caravan_state')
    .set({ returns_at: returnsAt, goods_remaining: CARAVAN_GOODS, updated_at: tx.now })
    .where('id', '=', 1)
    .execute();
  return { kind: 'sent', returnsAt, view: caravanView({ returnsAt, goodsRemaining: CARAVAN_GOODS }, tx.now) };
}

async function unpack(tx: LedgerTx, c: CaravanState, opId: string): Promise<CaravanOutcome> {
  // Unpacked from the last good down, so the goods left are always goods 0 … n−1 of the load.
  const goodsLeft = c.goodsRemaining - 1;
  const itemId = caravanGoodItem(goodsLeft);
  const asset = itemAsset(itemId);
  await transferBatch(tx, [
    {
      id: `caravan-unpack:${opId}`,
      debit: await systemAccount(tx, 'item_reserve', asset),
      credit: await systemAccount(tx, 'shop_stock', asset),
      amount: 1n,
      code: 'caravan_unpack',
      ref: String(goodsLeft),
    },
  ]);
  const next = { returnsAt: goodsLeft === 0 ? null : c.returnsAt, goodsRemaining: goodsLeft };
  await tx.kysely
    .updateTable('caravan_state')
    .set({ returns_at: next.returnsAt, goods_remaining: goodsLeft, updated_at: tx.now })
    .where('id', '=', 1)
    .execute();
  return { kind: 'unpacked', itemId, goodsLeft, view: caravanView(next, tx.now) };
}

/**
 * Sends the caravan or unpacks one good, by its state. `seen` is the state the request found on arrival
 * (read before the transaction): a request that came to unpack and finds every good already taken by
 * others is refused, never turned into a send that spends the player's Map. A refusal writes nothing.
 * With a request key (`ref`) it runs once: a retry, even one racing the first, replays its outcome.
 */
export async function caravanAction(
  ledger: Ledger,
  userId: number,
  seen: CaravanState,
  ref?: RequestRef,
): Promise<RequestOutcome<CaravanOutcome>> {
  const opId = crypto.randomUUID();
  try {
    return await ledger.run((tx) =>
      withOptionalRequestRecord(tx, userId, ref, async () => {
        const c = await lockCaravan(tx);
        if (travelling(c, tx.now)) throw new AppError(409, caravanReturnsIn(c.returnsAt! - tx.now));
        if (c.goodsRemaining > 0) return unpack(tx, c, opId);
        // Came to unpack, or so soon after the last good that it may have: never spend a Map by accident.
        if (seen.goodsRemaining > 0 || tx.now < c.updatedAt + CARAVAN_HOME_GRACE_MS) throw new AppError(409, CARAVAN_UNPACKED);
        return send(tx, userId, opId);
      }),
    );
  } catch (err) {
    // The ledger's last word on the Map: the player's other request spent it first.
    if (isLedgerError(err, 'exceeds_balance') && err.transferId?.endsWith(':map')) throw new AppError(409, NO_MAP);
    throw err;
  }
}
