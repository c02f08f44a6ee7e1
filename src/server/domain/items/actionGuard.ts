/**
 * What every eidol item action shares: the round lock that makes the action atomic against settlement, the
 * caller's eidol under a row lock, the amount read, the items held, and the refusals common to all.
 */
import type { AssetCode } from '../../../shared/money/assets';
import { itemAsset } from '../../../shared/money/assets';
import type { LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { countOpenEidols } from '../eidols/eidolRepo';
import type { EidolRow } from '../eidols/eidolView';
import { EIDOL_BUSY, EIDOL_NOT_FOUND, ROUND_LOCKED } from '../eidols/eidolTexts';
import { roundPhase } from '../rounds/currentRound';
import { MAX_ACTION_AMOUNT_DIGITS } from './itemActionsConfig';

/** One action as the route hands it over. */
export interface ActionRequest {
  userId: number;
  /** The eidol of the path (enchant has none). */
  eidolId: number;
  /** The clock's time when the request arrived: an action that arrives while the round is open counts. */
  receivedAt: number;
}

/** A 422 refusal with the spec's text, also under `field`. */
export function refuse(text: string, field = 'oogle'): AppError {
  return new AppError(422, text, { [field]: [text] });
}

/**
 * Reads the current round under a lock that settlement's `for update` conflicts with (PostgreSQL `for share`;
 * SQLite's BEGIN IMMEDIATE already serialises the whole transaction), and answers whether `receivedAt` fell
 * in its open phase. While the lock is held settlement cannot take its snapshot, and once it has committed
 * the settled round is no longer read here (the next one opened after `receivedAt`): so an action either
 * commits before the snapshot or is refused; it never changes an eidol's value under a booked round.
 * Take it first in the transaction: settlement also locks the round before anything else, so no cycle.
 */
export async function lockRoundOpen(tx: LedgerTx, receivedAt: number): Promise<boolean> {
  const read = (lock: boolean) =>
    tx.kysely
      .selectFrom('rounds')
      .select(['id', 'opens_at', 'can_act_before', 'ends_at'])
      .where('settled_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .$if(lock, (q) => q.forShare())
      .executeTakeFirst();
  const openAt = (round: Awaited<ReturnType<typeof read>>) =>
    round !== undefined && receivedAt >= round.opens_at && roundPhase(round, receivedAt) === 'open';
  if (tx.dialect === 'sqlite') return openAt(await read(false));
  // PostgreSQL: a request that arrived after the open phase is refused without the lock, so a stream of late
  // requests (each sharing the row a moment) can never keep a waiting settlement from its `for update`.
  if (!openAt(await read(false))) return false;
  return openAt(await read(true));
}

/**
 * The caller's open eidol `id` under a row lock (PostgreSQL `for update`: two actions on one eidol run one
 * after the other). Without any open eidol the action's own text (`noEidolText`) when it has one; another
 * player's, a closed or a missing eidol is a 404 (ids reveal nothing).
 */
export async function lockOwnEidol(tx: LedgerTx, userId: number, id: number, noEidolText?: string): Promise<EidolRow> {
  const row = await tx.kysely
    .selectFrom('eidols')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (row && row.closed_at === null) return row;
  if (noEidolText !== undefined && (await countOpenEidols(tx.kysely, userId)) === 0) throw refuse(noEidolText);
  throw new AppError(404, EIDOL_NOT_FOUND);
}

/**
 * The refusals every action ends with, after its own checks: a busy eidol (is_locked: another operation
 * holds it), then a round that was not open when the request arrived.
 */
export function checkReady(row: Pick<EidolRow, 'is_locked'> | undefined, roundOpen: boolean): void {
  if (row && row.is_locked !== 0) throw refuse(EIDOL_BUSY);
  if (!roundOpen) throw refuse(ROUND_LOCKED, 'round');
}

/** A whole amount of at least 1 (a JSON integer, or a string of digits only); anything else is `text`. */
export function readAmount(raw: unknown, text: string): bigint {
  const digits = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
  if (!new RegExp(`^\\d{1,${MAX_ACTION_AMOUNT_DIGITS}}$`).test(digits) || BigInt(digits) < 1n) throw refuse(text, 'amount');
  return BigInt(digits);
}

/** What the player holds of `asset` and may spend (balance − reservations); 0 without an account. */
export async function heldOf(tx: LedgerTx, userId: number, asset: AssetCode): Promise<bigint> {
  const row = await tx.kysely
    .selectFrom('ledger_accounts')
    .select(['balance', 'debits_pending'])
    .where('owner_kind', '=', 'player')
    .where('owner_id', '=', userId)
    .where('name', '=', 'main')
    .where('asset', '=', asset)
    .executeTakeFirst();
  return row ? row.balance - row.debits_pending : 0n;
}

/** The item `id` the player holds (see `heldOf`). */
export function itemsHeld(tx: LedgerTx, userId: number, id: number): Promise<bigint> {
  return heldOf(tx, userId, itemAsset(id));
}
