/**
 * `POST /api/game/join` (ECONOMY.md "Risk", "Join rules"): sets the risk an eidol plays from this round on
 * (risk persists across rounds). Refused, writing nothing, while the round is locked (checked in the
 * transaction that writes, so a join either lands before `can_act_before` or not at all), without a round,
 * at player level −1, for another player's eidol (404: ids reveal nothing), a closed, busy (is_locked) or
 * eggtoplasm eidol, one of value 0, and for a risk finer than the eidol's precision.
 */
import type { Clock } from '../../clock';
import type { JoinBody } from '../../../shared/api/game';
import type { Ledger } from '../../ledger/index';
import { currentRound, roundPhase } from '../rounds/currentRound';
import { AppError, validationFailed } from '../errors';
import { eidolValue, openEidolsOf, ownEidol } from './eidolRepo';
import {
  ECTOPLASM_CANNOT_JOIN, EIDOL_BUSY, EIDOL_CLOSED, EIDOL_NOT_FOUND, NO_EIDOL_YET, NO_OPEN_EIDOL, NO_ROUND, OOGLE_ID_INVALID,
  ROUND_LOCKED, VALUE_ZERO_CANNOT_JOIN,
} from './eidolTexts';
import { multiplierOf, readJoinRisk, riskDigits } from './riskInput';

/** The join's answer (`data`). */
export interface JoinResult {
  game_id: number;
  oogle_id: number;
  risk: string;
  multiplier: number;
}

/** The eidol id a join names, undefined for "my first eidol"; a malformed id is a 422 on `oogle_id`. */
export function joinEidolId(raw: JoinBody['oogle_id']): number | undefined {
  if (raw === undefined) return undefined;
  const id = typeof raw === 'number' ? raw : /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw validationFailed({ oogle_id: [OOGLE_ID_INVALID] });
  return id;
}

/** Sets the risk of the player's eidol for the current and later rounds. */
export async function joinRound(ledger: Ledger, clock: Clock, userId: number, body: JoinBody): Promise<JoinResult> {
  const wanted = joinEidolId(body.oogle_id);
  // A ledger transaction although no money moves: SQLite's write lock from the first read, and on
  // PostgreSQL the round read and the update share one snapshot of the phase.
  return ledger.run(async (tx) => {
    const user = await tx.kysely.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.level === -1) throw new AppError(422, NO_EIDOL_YET);
    const round = await currentRound(tx.kysely);
    if (!round) throw new AppError(404, NO_ROUND);

    const eidol = wanted === undefined ? (await openEidolsOf(tx.kysely, userId))[0] : await ownEidol(tx.kysely, userId, wanted);
    if (!eidol) throw wanted === undefined ? new AppError(422, NO_OPEN_EIDOL) : new AppError(404, EIDOL_NOT_FOUND);
    if (eidol.closed_at !== null) throw new AppError(422, EIDOL_CLOSED);
    if (eidol.is_locked !== 0) throw new AppError(422, EIDOL_BUSY);
    if (eidol.type === 'ectoplasm') throw new AppError(422, ECTOPLASM_CANNOT_JOIN);
    if ((await eidolValue(tx.kysely, eidol.id)) === 0n) throw new AppError(422, VALUE_ZERO_CANNOT_JOIN);

    const now = clock.now();
    const reading = readJoinRisk(body, riskDigits(eidol, now));
    if (!reading.ok) throw validationFailed({ [reading.field]: [reading.message] });
    // Read again here, after every other read: the last millisecond before can_act_before still counts.
    if (roundPhase(round, clock.now()) !== 'open') throw new AppError(422, ROUND_LOCKED);

    await tx.kysely.updateTable('eidols').set({ risk: reading.text, updated_at: tx.now }).where('id', '=', eidol.id).execute();
    return { game_id: round.id, oogle_id: eidol.id, risk: reading.text, multiplier: multiplierOf(reading.text) };
  });
}
