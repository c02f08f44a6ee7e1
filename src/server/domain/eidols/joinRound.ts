/**
 * `POST /api/game/join` (ECONOMY.md "Risk", "Join rules"): sets the risk an eidol plays from this round on
 * (risk persists across rounds). Refused, writing nothing, while the round is locked, without a round, at
 * player level −1, for another player's eidol (404: ids reveal nothing), a closed, busy (is_locked) or
 * eggtoplasm eidol, one of value 0, for a risk finer than the eidol's precision, and when the eidol's fair
 * claim at that risk does not fit the round's capacity (roundCapacity.ts; the refusal names the largest risk
 * that fits).
 *
 * Joins are written in batches (joinBatcher.ts): every join of a batch is checked against what the batch's
 * transaction reads (the round, the players, the eidols and their values) and the risks are written in
 * that same transaction, one commit for all.
 */
import { sql } from 'kysely';
import type { Clock } from '../../clock';
import type { JoinBody } from '../../../shared/api/game';
import type { LedgerTx } from '../../ledger/index';
import { currentRound, roundPhase } from '../rounds/currentRound';
import { AppError, validationFailed } from '../errors';
import { eidolValues } from './eidolRepo';
import type { EidolRow } from './eidolView';
import {
  capacityFull,
  ECTOPLASM_CANNOT_JOIN,
  EIDOL_BUSY,
  EIDOL_CLOSED,
  EIDOL_NOT_FOUND,
  NO_EIDOL_YET,
  NO_OPEN_EIDOL,
  NO_ROUND,
  OOGLE_ID_INVALID,
  ROUND_LOCKED,
  VALUE_ZERO_CANNOT_JOIN,
} from './eidolTexts';
import { formatRisk, multiplierOf, readJoinRisk, riskDigits } from './riskInput';
import { reserveClaims } from '../rounds/roundCapacity';
import { ECONOMY_CONFIG, type EconomyConfig } from '../../../shared/rules/round/economyConfig';
import type { Risk } from '../../../shared/rules/round/risk';

/** The join's answer (`data`). */
export interface JoinResult {
  game_id: number;
  oogle_id: number;
  risk: string;
  multiplier: number;
}

/** One player's join as received. */
export interface JoinRequest {
  userId: number;
  body: JoinBody;
  /** The eidol named (`joinEidolId`), undefined for the player's first open eidol. */
  eidolId: number | undefined;
  /** The clock's time when the request arrived: a join that arrives while the round is open counts. */
  receivedAt: number;
}

/** The eidol id a join names, undefined for "my first eidol"; a malformed id is a 422 on `oogle_id`. */
export function joinEidolId(raw: JoinBody['oogle_id']): number | undefined {
  if (raw === undefined) return undefined;
  const id = typeof raw === 'number' ? raw : /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw validationFailed({ oogle_id: [OOGLE_ID_INVALID] });
  return id;
}

/** What a batch reads once for all its joins. */
interface BatchState {
  round: Awaited<ReturnType<typeof currentRound>>;
  levels: Map<number, number>;
  /** Named eidols by id (any owner: the owner is checked per join). */
  byId: Map<number, EidolRow>;
  /** Each player's first open eidol. */
  firstOpen: Map<number, EidolRow>;
  values: Map<number, bigint>;
}

async function readBatchState(tx: LedgerTx, joins: readonly JoinRequest[]): Promise<BatchState> {
  const k = tx.kysely;
  const userIds = [...new Set(joins.map((j) => j.userId))];
  const named = [...new Set(joins.flatMap((j) => (j.eidolId === undefined ? [] : [j.eidolId])))];
  const implicit = [...new Set(joins.filter((j) => j.eidolId === undefined).map((j) => j.userId))];
  const round = await currentRound(k);
  const users = await k.selectFrom('users').select(['id', 'level']).where('id', 'in', userIds).execute();
  const byId = new Map<number, EidolRow>();
  if (named.length > 0) for (const r of await k.selectFrom('eidols').selectAll().where('id', 'in', named).execute()) byId.set(r.id, r);
  const firstOpen = new Map<number, EidolRow>();
  if (implicit.length > 0) {
    const rows = await k
      .selectFrom('eidols')
      .selectAll()
      .where('user_id', 'in', implicit)
      .where('closed_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const r of rows) if (!firstOpen.has(r.user_id)) firstOpen.set(r.user_id, r);
  }
  const values = await eidolValues(k, [...new Set([...byId.keys(), ...[...firstOpen.values()].map((r) => r.id)])]);
  return { round, levels: new Map(users.map((u) => [u.id, u.level])), byId, firstOpen, values };
}

/** A join that passed its checks: its answer, and the exact risk and value its reservation needs. */
interface CheckedJoin {
  result: JoinResult;
  risk: Risk;
  value: bigint;
}

/** Checks one join against the batch's state; answers the risk to store or throws the refusal. */
function checkJoin(state: BatchState, join: JoinRequest, now: number): CheckedJoin {
  const level = state.levels.get(join.userId);
  // No user row behind a session: the same answer as no session (Laravel's text, as requireUser's).
  if (level === undefined) throw new AppError(401, 'Unauthenticated.');
  if (level === -1) throw new AppError(422, NO_EIDOL_YET);
  const round = state.round;
  if (!round) throw new AppError(404, NO_ROUND);
  const named = join.eidolId === undefined ? undefined : state.byId.get(join.eidolId);
  const eidol = join.eidolId === undefined ? state.firstOpen.get(join.userId) : named?.user_id === join.userId ? named : undefined;
  if (!eidol) throw join.eidolId === undefined ? new AppError(422, NO_OPEN_EIDOL) : new AppError(404, EIDOL_NOT_FOUND);
  if (eidol.closed_at !== null) throw new AppError(422, EIDOL_CLOSED);
  if (eidol.is_locked !== 0) throw new AppError(422, EIDOL_BUSY);
  if (eidol.type === 'ectoplasm') throw new AppError(422, ECTOPLASM_CANNOT_JOIN);
  const value = state.values.get(eidol.id) ?? 0n;
  if (value === 0n) throw new AppError(422, VALUE_ZERO_CANNOT_JOIN);
  const reading = readJoinRisk(join.body, riskDigits(eidol, join.receivedAt));
  if (!reading.ok) throw validationFailed({ [reading.field]: [reading.message] });
  // Open when it arrived (the last millisecond before can_act_before counts), and never once the round is
  // past ends_at, when settlement may already have read the risks.
  if (roundPhase(round, join.receivedAt) !== 'open' || roundPhase(round, now) === 'settling') throw new AppError(422, ROUND_LOCKED);
  return {
    result: { game_id: round.id, oogle_id: eidol.id, risk: reading.text, multiplier: multiplierOf(reading.text) },
    risk: reading.risk,
    value,
  };
}

/**
 * Writes the accepted risks: one row per eidol, the last join of an eidol in the batch winning (as if the
 * joins ran one at a time), in ascending id so that concurrent batches lock rows in one order and never
 * deadlock. One statement on both databases: a round trip per row would dominate the batch on PostgreSQL,
 * and on SQLite building and running an update per row cost more than the batch's reads. SQLite's takes
 * the rows as one JSON parameter, so its SQL text is the same for every batch size (one kept statement).
 */
async function writeRisks(tx: LedgerTx, accepted: readonly JoinResult[]): Promise<void> {
  const last = new Map<number, string>();
  for (const r of accepted) last.set(r.oogle_id, r.risk);
  const rows = [...last].sort(([a], [b]) => a - b);
  if (rows.length === 0) return;
  // joined_at orders the carried-over reservations at the next open (roundCapacity.ts): the last join first served last.
  if (tx.dialect === 'postgres') {
    await sql`update eidols set risk = v.risk, joined_at = ${tx.now}, updated_at = ${tx.now}
      from unnest(${rows.map(([id]) => id)}::int[], ${rows.map(([, risk]) => risk)}::text[]) as v(id, risk)
      where eidols.id = v.id`.execute(tx.kysely);
    return;
  }
  await sql`update eidols set risk = json_extract(v.value, '$[1]'), joined_at = ${tx.now}, updated_at = ${tx.now}
    from json_each(${JSON.stringify(rows)}) as v
    where eidols.id = json_extract(v.value, '$[0]')`.execute(tx.kysely);
}

/** What a batch did: each join's result or refusal, in order, and the round's capacity after its reservations. */
export interface JoinBatchOutcome {
  results: Array<JoinResult | AppError>;
  /** Present when the batch reserved against a round (announced once the batch commits). */
  capacity?: RoundCapacityState;
}

/** A round's capacity and what is reserved of it, as of a commit. */
export interface RoundCapacityState {
  roundId: number;
  capacity: bigint;
  reserved: bigint;
}

/**
 * Checks and writes `joins` inside `tx`: each answers its result or its refusal (an AppError), in order.
 * A refusal writes nothing for that join; the others of the batch still commit.
 */
export async function joinBatch(
  tx: LedgerTx,
  clock: Clock,
  joins: readonly JoinRequest[],
  config: EconomyConfig = ECONOMY_CONFIG,
): Promise<JoinBatchOutcome> {
  // A batch that found the queue emptied by another in flight.
  if (joins.length === 0) return { results: [] };
  const state = await readBatchState(tx, joins);
  const now = clock.now();
  const out: Array<JoinResult | AppError> = [];
  const checked: Array<{ at: number; join: CheckedJoin }> = [];
  for (const join of joins) {
    try {
      const c = checkJoin(state, join, now);
      checked.push({ at: out.length, join: c });
      out.push(c.result);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push(err);
    }
  }
  // Every join that passed its checks reserves its claim against the round's capacity, in arrival order.
  let capacity: RoundCapacityState | undefined;
  if (checked.length > 0 && state.round) {
    const { results, state: after } = await reserveClaims(
      tx.kysely,
      tx.dialect,
      state.round.id,
      checked.map(({ join: c }) => ({ eidolId: c.result.oogle_id, riskText: c.result.risk, risk: c.risk, value: c.value })),
      config,
      tx.now,
    );
    results.forEach((r, i) => {
      if (r !== true) out[checked[i]!.at] = capacityRefused(r.maxRisk);
    });
    capacity = { roundId: state.round.id, ...after };
  }
  await writeRisks(
    tx,
    out.filter((r): r is JoinResult => !(r instanceof AppError)),
  );
  return capacity ? { results: out, capacity } : { results: out };
}

/** The refusal of a join the round's capacity cannot take, naming the largest risk (and angle) that fits now. */
function capacityRefused(maxRisk: Risk): AppError {
  return validationFailed({ risk: [capacityFull(formatRisk(maxRisk))] });
}
