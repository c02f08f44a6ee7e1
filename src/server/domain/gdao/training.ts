/**
 * Transmutation at level 11 (`GET/POST /api/oogles/{id}/train`, ECONOMY.md "Transmutation"): the GET
 * publishes the eidol's open commitment (sha256 of a secret server seed); the POST, with the player's seed,
 * pays the fee by rarity to the mining pool whatever the outcome, draws HMAC(server seed, "<player
 * seed>:<attempt>") (src/shared/rules/transmuteRoll.ts), reveals the server seed, applies the outcome and
 * publishes the next commitment, all in one commit.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EidolView } from '../../../shared/api/game';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { NEXT_LEVEL_XP } from '../../../shared/rules/round/economyConfig';
import { applyTraining, seedHashOf, trainingChance, trainingDraw, type Rarity } from '../../../shared/rules/training';
import { isLedgerError, playerAccount, systemAccount, transfer, type Ledger, type LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { eidolValue } from '../eidols/eidolRepo';
import { toEidolView, type EidolRow } from '../eidols/eidolView';
import { EIDOL_BUSY, EIDOL_NOT_FOUND, INSUFFICIENT_ANGLS } from '../eidols/eidolTexts';
import { TRAINING_FEE, TRAINING_LEVEL } from './gdaoConfig';
import { refuseUnlessOpen, roundOpenAt, spendable } from './gdaoGuards';
import { TRAIN_EGGS_REFUSED, TRAIN_LEVEL_REQUIRED, TRAIN_NOT_PREPARED } from './gdaoTexts';
import type { TrainingInput } from './trainingInput';

/** `GET /api/oogles/{id}/train` → data. */
export interface TrainingQuote {
  /** ANGLS, 8 decimals. */
  fee: string;
  /** Percent. */
  chance: number;
  seed_hash: string;
  attempt: number;
}

/** `POST /api/oogles/{id}/train` → data; `experience`/`next_level_experience` are what the chance used. */
export type TrainingResult = {
  trained: boolean;
  chance: number;
  roll: number;
  seed: string;
  seed_hash: string;
  player_seed: string;
  attempt: number;
  experience: number;
  next_level_experience: number;
  oogle: EidolView;
};

/** The XP that takes an eidol of `level` further (at 11: the cap the chance is measured against). */
function nextXpOf(level: number): number {
  return NEXT_LEVEL_XP[Math.min(level, NEXT_LEVEL_XP.length - 1)]!;
}

/**
 * The player's open eidol, checked for transmutation; throws the refusal. `lock`: under a row lock
 * (PostgreSQL), for the attempt; the quote only reads.
 */
async function trainableEidol(tx: LedgerTx, userId: number, eidolId: number, lock: boolean): Promise<EidolRow> {
  const row = await tx.kysely
    .selectFrom('eidols')
    .selectAll()
    .where('id', '=', eidolId)
    .where('user_id', '=', userId)
    .$if(lock && tx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row || row.closed_at !== null) throw new AppError(404, EIDOL_NOT_FOUND);
  if (row.type !== 'ogle') throw new AppError(422, TRAIN_EGGS_REFUSED);
  if (row.level < TRAINING_LEVEL) throw new AppError(422, TRAIN_LEVEL_REQUIRED);
  if (row.is_locked !== 0) throw new AppError(422, EIDOL_BUSY);
  return row;
}

/** Inserts commitment `attempt` of an eidol with a fresh secret seed (nothing when one is open already). */
async function insertCommitment(tx: LedgerTx, eidolId: number, attempt: number): Promise<void> {
  const seed = crypto.randomBytes(32).toString('hex');
  await tx.kysely
    .insertInto('training_commitments')
    .values({ eidol_id: eidolId, attempt, seed, seed_hash: seedHashOf(seed), created_at: tx.now })
    // The partial unique index on open commitments: a concurrent twin waits for our commit, then adds nothing.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The eidol's open commitment, if any. */
function openCommitment(tx: LedgerTx, eidolId: number) {
  return tx.kysely
    .selectFrom('training_commitments')
    .selectAll()
    .where('eidol_id', '=', eidolId)
    .where('used_at', 'is', null)
    .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The eidol's open commitment, published now when it has none (attempt = the last one + 1). */
async function ensureCommitment(tx: LedgerTx, eidolId: number) {
  const open = await openCommitment(tx, eidolId);
  if (open) return open;
  const last = await tx.kysely
    .selectFrom('training_commitments')
    .select((eb) => eb.fn.max<number | null>('attempt').as('n'))
    .where('eidol_id', '=', eidolId)
    .executeTakeFirst();
  await insertCommitment(tx, eidolId, (last?.n ?? 0) + 1);
  return (await openCommitment(tx, eidolId))!;
}

/** The open commitment `{seed_hash, attempt}` of an eidol that can transmute (published now if none), else null. */
export async function publishedCommitment(
  ledger: Ledger,
  k: Kysely<Database>,
  row: EidolRow,
): Promise<{ seed_hash: string; attempt: number } | null> {
  if (row.type !== 'ogle' || row.level < TRAINING_LEVEL || row.closed_at !== null) return null;
  // Most reads find it open already: no write transaction for them.
  const open = await k
    .selectFrom('training_commitments')
    .select(['seed_hash', 'attempt'])
    .where('eidol_id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (open) return open;
  return ledger.run(async (tx) => {
    const c = await ensureCommitment(tx, row.id);
    return { seed_hash: c.seed_hash, attempt: c.attempt };
  });
}

/** The fee, chance and published commitment of the next transmutation of the player's eidol `eidolId`. */
export function quoteTraining(ledger: Ledger, userId: number, eidolId: number): Promise<TrainingQuote> {
  return ledger.run(async (tx) => {
    const row = await trainableEidol(tx, userId, eidolId, false);
    const c = await ensureCommitment(tx, eidolId);
    return {
      fee: formatUnits(TRAINING_FEE[row.rarity], CURRENCY_ASSETS.ANGLS.scale),
      chance: trainingChance(row.experience, nextXpOf(row.level)),
      seed_hash: c.seed_hash,
      attempt: c.attempt,
    };
  });
}

/** The attempt inside `tx`, after the round lock (`open`: whether the request came while the round was open). */
async function attemptIn(tx: LedgerTx, userId: number, eidolId: number, open: boolean, input: TrainingInput): Promise<TrainingResult> {
  const row = await trainableEidol(tx, userId, eidolId, true);
  refuseUnlessOpen(open);
  const c = await openCommitment(tx, eidolId);
  if (!c || (input.shownHash !== undefined && input.shownHash !== c.seed_hash)) throw new AppError(422, TRAIN_NOT_PREPARED);
  const fee = TRAINING_FEE[row.rarity];
  const player = await playerAccount(tx, userId, 'ANGLS');
  if ((await spendable(tx, player)) < fee) throw new AppError(422, INSUFFICIENT_ANGLS);

  const nextXp = nextXpOf(row.level);
  const draw = trainingDraw(c.seed, input.playerSeed, c.attempt, row.experience, nextXp);
  const after = applyTraining({ yieldy: row.yieldy, precise: row.precise, rarity: row.rarity as Rarity }, draw);
  await transfer(tx, {
    id: `train:${eidolId}:${c.attempt}:fee`,
    debit: player,
    credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
    amount: fee,
    code: 'train',
    ref: String(eidolId),
  });
  await tx.kysely
    .updateTable('training_commitments')
    .set({
      used_at: tx.now,
      trained: draw.trained ? 1 : 0,
      experience: row.experience,
      next_level_experience: nextXp,
      amount: fee,
      player_seed: input.playerSeed,
    })
    .where('eidol_id', '=', eidolId)
    .where('attempt', '=', c.attempt)
    .execute();
  const evolvedToMythic = after.rarity === 'mythic' && row.rarity !== 'mythic';
  const updated: EidolRow = {
    ...row,
    yieldy: after.yieldy,
    precise: after.precise,
    rarity: after.rarity,
    skin_name: evolvedToMythic ? draw.form : row.skin_name,
    // XP drives the chance: a success spends it, a failure keeps it for the next attempt.
    experience: draw.trained ? 0 : row.experience,
    updated_at: tx.now,
  };
  await tx.kysely
    .updateTable('eidols')
    .set({
      yieldy: updated.yieldy,
      precise: updated.precise,
      rarity: updated.rarity,
      skin_name: updated.skin_name,
      experience: updated.experience,
      updated_at: tx.now,
    })
    .where('id', '=', eidolId)
    .execute();
  await insertCommitment(tx, eidolId, c.attempt + 1);
  const next = (await openCommitment(tx, eidolId))!;
  const oogle = toEidolView(updated, await eidolValue(tx.kysely, eidolId));
  return {
    trained: draw.trained,
    chance: draw.chance,
    roll: draw.roll,
    seed: c.seed,
    seed_hash: c.seed_hash,
    player_seed: input.playerSeed,
    attempt: c.attempt,
    experience: row.experience,
    next_level_experience: nextXp,
    // The next attempt's commitment, published in the same commit as this one's reveal.
    oogle: { ...oogle, transmute_seed_hash: next.seed_hash, transmute_attempt: next.attempt },
  };
}

/**
 * Makes the transmutation attempt the open commitment was published for, with the player's seed; refusals
 * write nothing. When the client sends the `seed_hash` it was shown, an attempt against any other commitment
 * is refused (a second press never draws from a commitment its player has not seen). With an
 * Idempotency-Key a retry replays.
 */
export async function trainEidol(
  ledger: Ledger,
  userId: number,
  eidolId: number,
  receivedAt: number,
  input: TrainingInput,
  ref?: RequestRef,
): Promise<RequestOutcome<TrainingResult>> {
  try {
    return await ledger.run(async (tx) => {
      const open = await roundOpenAt(tx, receivedAt);
      return withOptionalRequestRecord(tx, userId, ref, () => attemptIn(tx, userId, eidolId, open, input));
    });
  } catch (err) {
    // A concurrent spend took the ANGLS between our check and the ledger's locked one.
    if (isLedgerError(err, 'exceeds_balance')) throw new AppError(422, INSUFFICIENT_ANGLS);
    throw err;
  }
}
