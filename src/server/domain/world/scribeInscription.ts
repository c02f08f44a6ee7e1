/**
 * `POST /api/rooms/scribe` (spec 3 §4–§6): a Scribe holder present in a room leaves an inscription where it
 * stands. One Scribe (item 2) goes to `consumed` in the same ledger transaction that inserts the
 * inscription, so of two scribes racing for the last item exactly one writes; the other is refused.
 */
import crypto from 'node:crypto';
import type { RoomState, WorldObject } from '../../../shared/api/rooms';
import { itemAsset } from '../../../shared/money/assets';
import type { RoomId } from '../../../shared/rules/world';
import { createLedger, isLedgerError, playerAccount, systemAccount, transferBatch } from '../../ledger/index';
import { AppError } from '../errors';
import { itemsHeld } from '../items/actionGuard';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { readVerse } from './chatText';
import { announceRoomChange } from './roomFanout';
import { loadObjects } from './roomLoad';
import { roomState } from './roomState';
import { speakerHere, type Speaker } from './speaker';
import { DAY_MS, INSCRIPTION_DAYS, SCRIBE_ITEM_ID, SCRIBE_MAX } from './worldConfig';
import type { WorldActionContext } from './worldContext';
import { NO_SCRIBE } from './worldTexts';

const noScribe = () => new AppError(409, NO_SCRIBE);

/**
 * Where the player writes, read before the ledger transaction (the snapshot and the master's row are read
 * outside it), as a function the run calls. Without a request key an absent player is refused at once;
 * with one the refusal waits until the key turns out to be new: a retry of a scribe that was written
 * replays its answer even when the player has left the room since (as every keyed call replays whatever
 * the state is now).
 */
async function whereToWrite(ctx: WorldActionContext, userId: number, ref: RequestRef | undefined): Promise<() => Speaker> {
  try {
    const speaker = await speakerHere(ctx, userId);
    return () => speaker;
  } catch (err) {
    if (!ref) throw err;
    return () => {
      throw err;
    };
  }
}

/**
 * Writes the inscription and spends the Scribe in one ledger transaction, once per request key when `ref`
 * is given; returns the new object's id and room (a replay: the first run's).
 */
async function write(
  ctx: WorldActionContext,
  userId: number,
  text: string,
  ref: RequestRef | undefined,
): Promise<RequestOutcome<{ id: number; room: RoomId }>> {
  const here = await whereToWrite(ctx, userId, ref);
  const opId = crypto.randomUUID();
  try {
    return await createLedger(ctx.db, ctx.clock).run((tx) =>
      withOptionalRequestRecord(tx, userId, ref, async () => {
        const speaker = here();
        if ((await itemsHeld(tx, userId, SCRIBE_ITEM_ID)) < 1n) throw noScribe();
        const asset = itemAsset(SCRIBE_ITEM_ID);
        const debit = await playerAccount(tx, userId, asset);
        const credit = await systemAccount(tx, 'consumed', asset);
        // The ledger refuses the debit beyond the balance: the last word when two scribes read one item.
        await transferBatch(tx, [{ id: `scribe:${opId}:item`, debit, credit, amount: 1n, code: 'scribe' }]);
        const row = await tx.kysely
          .insertInto('world_objects')
          .values({
            type: 'scribe',
            user_id: userId,
            room: speaker.room,
            coordinate: speaker.coordinate,
            flip: 0,
            verse: text,
            limit_at: tx.now + INSCRIPTION_DAYS * DAY_MS,
            promoted: 0,
            seen_at: tx.now,
            updated_at: tx.now,
            created_at: tx.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id, room: speaker.room };
      }),
    );
  } catch (err) {
    if (isLedgerError(err, 'exceeds_balance')) throw noScribe();
    throw err;
  }
}

/**
 * Puts an inscription for `userId`; announces it to the room and to every player; answers the room's state.
 * With a request key (`ref`) a retry, also one racing the first, spends no second Scribe and announces nothing.
 */
export async function scribeInscription(
  ctx: WorldActionContext,
  userId: number,
  raw: unknown,
  ref?: RequestRef,
): Promise<RequestOutcome<RoomState>> {
  const text = readVerse(raw, SCRIBE_MAX);
  const {
    result: { id, room },
    replayed,
  } = await write(ctx, userId, text, ref);
  if (replayed) return { result: await roomState(ctx, room, userId), replayed };
  const [object] = (await loadObjects(ctx.db.kysely, [id], ctx.clock.now())) as [WorldObject];
  await announceRoomChange(ctx, room, { data: [object] });
  const state = await roomState(ctx, room, userId);
  ctx.realtime.broadcast('forumscribe', { room, ts: state.ts, object });
  return { result: state, replayed };
}
