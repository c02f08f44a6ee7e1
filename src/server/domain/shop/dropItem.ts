/**
 * `POST /api/drop {item_id}` (spec 2 §7): the gDAO store bought by listing id (or item id), and item 5, the Eggtoplasm
 * jar claim of the questline (spec 2 §4): a confirmed e-mail and 7 gDAO, which go to `gdao_reserve`, for
 * one jar (item 13, issued from `genesis`). One ledger commit per drop, once per Idempotency-Key when sent.
 */
import crypto from 'node:crypto';
import { ITEM_IDS } from '../../../shared/money/assets';
import {
  getAccount,
  isLedgerError,
  itemAsset,
  playerAccount,
  systemAccount,
  transferBatch,
  type Ledger,
  type LedgerTx,
} from '../../ledger/index';
import { AppError, validationFailed } from '../errors';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { JAR_CLAIM_GDAO } from './shopConfig';
import { requireRoundOpen } from './shopLocks';
import { applyPurchase, insufficientRefusal, STOCK_LEG } from './shopPurchase';
import { listingItemId } from './shopStock';
import { CONFIRM_EMAIL, DROP_ITEM_NOT_FOUND, JAR_GDAO_REQUIRED, OUT_OF_STOCK } from './shopTexts';

/** The answer of a drop: the item that arrived and how many. */
export interface DropResult {
  item_id: number;
  quantity: number;
  [key: string]: number;
}

/** The item id of the body: a positive integer (or its digits). */
function itemIdOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The jar claim inside `tx`. */
async function claimJar(tx: LedgerTx, userId: number, opId: string): Promise<DropResult> {
  await requireRoundOpen(tx.kysely, tx.now);
  const user = await tx.kysely.selectFrom('users').select('email_confirmed').where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.email_confirmed !== 1) throw new AppError(422, CONFIRM_EMAIL, { email: [CONFIRM_EMAIL] });
  const payer = await playerAccount(tx, userId, 'GDAO');
  const acc = await getAccount(tx.kysely, payer);
  if (!acc || acc.balance - acc.debitsPending < JAR_CLAIM_GDAO)
    throw new AppError(422, JAR_GDAO_REQUIRED, { item_id: [JAR_GDAO_REQUIRED] });
  const jar = itemAsset(ITEM_IDS.EGGTOPLASM_JAR);
  await transferBatch(tx, [
    {
      id: `drop:${opId}:pay`,
      debit: payer,
      credit: await systemAccount(tx, 'gdao_reserve', 'GDAO'),
      amount: JAR_CLAIM_GDAO,
      code: 'jar-claim',
    },
    {
      id: `drop:${opId}:jar`,
      debit: await systemAccount(tx, 'genesis', jar),
      credit: await playerAccount(tx, userId, jar),
      amount: 1n,
      code: 'jar-claim',
    },
  ]);
  return { item_id: ITEM_IDS.EGGTOPLASM_JAR, quantity: 1 };
}

/**
 * A gDAO-store purchase inside `tx`. `id` names the listing, as the original client sends it (the store's
 * `shop_items.id`); an id that is no active store listing is taken as an item id (the first active listing
 * of it, in listing order), as this product's client sent it. Listing ids follow the catalogue's eggs and
 * items (21 and up as seeded) and item ids stay below them, so the two forms never meet.
 */
async function buyFromStore(tx: LedgerTx, userId: number, id: number, opId: string): Promise<DropResult> {
  const listings = await tx.kysely
    .selectFrom('shop_items')
    .selectAll()
    .where('type', '=', 'gdao')
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const listing = listings.find((l) => l.id === id) ?? listings.find((l) => listingItemId(l) === id);
  if (!listing) throw validationFailed({ item_id: [DROP_ITEM_NOT_FOUND] });
  const result = await applyPurchase(tx, userId, listing, opId);
  return { item_id: result.item_id!, quantity: result.quantity! };
}

/** Runs a drop of `body.item_id` for `userId`; maps the ledger's locked re-checks to the spec's texts. */
export async function dropItem(
  ledger: Ledger,
  userId: number,
  body: Record<string, unknown>,
  ref: RequestRef | undefined,
): Promise<RequestOutcome<DropResult>> {
  const itemId = itemIdOf(body.item_id);
  if (itemId === undefined) throw validationFailed({ item_id: [DROP_ITEM_NOT_FOUND] });
  const opId = crypto.randomUUID();
  try {
    return await ledger.run((tx) =>
      withOptionalRequestRecord(tx, userId, ref, async () => {
        // One drop of a player at a time (PostgreSQL), as the shop's purchases.
        await tx.kysely
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
          .execute();
        return itemId === ITEM_IDS.JAR_CLAIM_DROP ? claimJar(tx, userId, opId) : buyFromStore(tx, userId, itemId, opId);
      }),
    );
  } catch (err) {
    if (!isLedgerError(err, 'exceeds_balance')) throw err;
    if (itemId === ITEM_IDS.JAR_CLAIM_DROP) throw new AppError(422, JAR_GDAO_REQUIRED, { item_id: [JAR_GDAO_REQUIRED] });
    if (err.transferId?.endsWith(`:${STOCK_LEG}`)) throw new AppError(422, OUT_OF_STOCK, { shop_item_id: [OUT_OF_STOCK] });
    throw insufficientRefusal('token');
  }
}
