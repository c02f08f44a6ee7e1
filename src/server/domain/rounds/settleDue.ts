/**
 * Books the due round (ECONOMY.md "The round") in ONE ledger transaction: the snapshot of participants,
 * the threshold from the round's hash and its block's hash (recorded before, `roundBlock.ts`), `settleRound`, its transfers, the round
 * entries, eidol and player progress, the round's totals, and the next round (opening now). Calling it
 * again for a settled round does nothing: the round is re-read (and locked on PostgreSQL) inside the
 * transaction, and the transfer ids `round:<id>:<eidol>:<leg>` could not be booked twice anyway.
 */
import { hatchedFrame } from '../../../shared/rules/eggs';
import { playerLevel } from '../../../shared/rules/levels';
import { ECONOMY_CONFIG, type EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { settleRoundSliced } from '../../../shared/rules/round/settlement';
import type { SettlementAccount } from '../../../shared/rules/round/settlementTypes';
import { eidolAccount, postBulk, systemAccount, type Ledger, type LedgerTx, type PostedInput } from '../../ledger/index';
import { loopSlicer } from '../../loopSlice';
import { generateChain, type GeneratedChain } from '../fairness/chainStore';
import { burningSlots } from '../world/incense';
import type { RoundBlocks } from '../../chain/roundBlocks';
import { currentRound } from './currentRound';
import { insertNextRound, type RoundTiming } from './openRound';
import { recordBlockHash, roundThreshold, usesBlockRule } from './roundBlock';
import { loadSnapshot, type SnapshotRow } from './roundSnapshot';
import {
  insertEntries,
  ownersStanding,
  updateEidols,
  updateUsers,
  type EidolUpdate,
  type EntryRow,
  type UserUpdate,
} from './settlementWrites';

/** What a settlement booked, for the announcement that follows its commit. */
export interface SettledRound {
  roundId: number;
  hash: string;
  thresholdUnits: bigint;
  nextRoundId: number;
  participants: number;
  /** Owners of the round's participants, ascending, each once. */
  owners: number[];
  /** Eidols left out because their stored risk could not be read. */
  unreadableRisk: number[];
}

/** What settling needs besides the database. */
export interface SettleOptions {
  timing: RoundTiming;
  economy?: EconomyConfig;
  /** The chain whose block after the lock keys T (`../../chain/roundBlocks.ts`). */
  blocks: RoundBlocks;
  /** Told when each step of the booking is done (the benchmark times the steps with it). */
  onPhase?: (phase: SettlePhase) => void;
}

/** The steps of a booking, in order. */
export type SettlePhase = 'snapshot' | 'settle' | 'transfers' | 'entries' | 'eidols' | 'players' | 'round';

/**
 * Settles the current round if its ends_at has passed; undefined when there is none or it is not due
 * (or another call settled it first). The next round opens at the settlement's time, so after downtime
 * one overdue round is settled and play resumes from now: no round is backfilled.
 */
export async function settleDue(ledger: Ledger, opts: SettleOptions): Promise<SettledRound | undefined> {
  const round = await currentRound(ledger.db.kysely);
  if (!round || ledger.clock.now() < round.ends_at) return undefined;
  const chain = await ledger.db.kysely
    .selectFrom('fairness_chains')
    .select(['id', 'length', 'block_rule_from'])
    .where('id', '=', round.chain_id)
    .executeTakeFirstOrThrow();
  // The block's hash is read and recorded in a commit of its own first; not mined yet: wait. Unreadable: throws.
  if (usesBlockRule(round, chain) && (await recordBlockHash(ledger.db.kysely, opts.blocks, round.id)) === undefined) return undefined;
  // The next chain is generated outside the transaction: a million links must not hold the write lock.
  const freshChain = round.position >= chain.length ? await generateChain(chain.length) : undefined;
  return ledger.run((tx) => settleInTx(tx, round.id, freshChain, opts));
}

async function settleInTx(
  tx: LedgerTx,
  roundId: number,
  freshChain: GeneratedChain | undefined,
  opts: SettleOptions,
): Promise<SettledRound | undefined> {
  const k = tx.kysely;
  const now = tx.now;
  let q = k.selectFrom('rounds').selectAll().where('id', '=', roundId).where('settled_at', 'is', null);
  // PostgreSQL: a second settler waits here, then finds the round settled. SQLite's BEGIN IMMEDIATE already serialises.
  if (tx.dialect === 'postgres') q = q.forUpdate();
  const round = await q.executeTakeFirst();
  if (!round || now < round.ends_at) return undefined;
  const chain = await k
    .selectFrom('fairness_chains')
    .select(['id', 'length', 'salt', 'block_rule_from'])
    .where('id', '=', round.chain_id)
    .executeTakeFirstOrThrow();
  const units = roundThreshold(round, chain);
  if (units === undefined) return undefined;

  const poolId = await systemAccount(tx, 'mining_pool', 'ANGLS');
  const pool = await k.selectFrom('ledger_accounts').select('balance').where('id', '=', poolId).executeTakeFirstOrThrow();
  // Every long step pauses for a turn of the event loop every few milliseconds: sockets and timers of
  // the rest of the server keep running while a big round books (the transaction waits, nothing else
  // can write meanwhile: SQLite's write lock, PostgreSQL's row locks).
  const pause = loopSlicer();
  // The emission's incense doubling: the slots burning when the round is booked, recorded on the round
  // row below so the fairness record (and `npm run verify`) replays the same number.
  const incenseSlots = await burningSlots(k, now);
  const config = opts.economy ?? ECONOMY_CONFIG;
  const { rows, unreadable } = await loadSnapshot(
    k,
    { roundId: round.id, lockedAt: round.can_act_before },
    { dialect: tx.dialect, pause },
    config,
  );
  const phase = opts.onPhase ?? (() => {});
  phase('snapshot');
  const eidols = rows.map((r) => r.eidol);
  await pause();
  const settlement = await settleRoundSliced(
    {
      roundId: round.id,
      thresholdUnits: units,
      eidols,
      poolBefore: pool.balance,
      incenseSlots,
      config,
    },
    pause,
  );

  phase('settle');
  const byId = new Map<number, SnapshotRow>();
  for (let i = 0; i < rows.length; i++) {
    byId.set(rows[i]!.eidol.id, rows[i]!);
    if ((i & 1023) === 1023) await pause();
  }
  // Every eidol with a transfer has value > 0, so its account exists; opening one is only a fallback.
  const accountOf = (a: SettlementAccount): number | Promise<number> =>
    a.kind === 'system' ? poolId : (byId.get(a.id)?.accountId ?? eidolAccount(tx, a.id));
  const inputs: PostedInput[] = [];
  for (let i = 0; i < settlement.transfers.length; i++) {
    const t = settlement.transfers[i]!;
    if ((i & 1023) === 1023) await pause();
    const debit = accountOf(t.debit),
      credit = accountOf(t.credit);
    inputs.push({
      id: t.id,
      debit: typeof debit === 'number' ? debit : await debit,
      credit: typeof credit === 'number' ? credit : await credit,
      amount: t.amount,
      code: t.code,
      ref: t.ref,
    });
  }
  // One linked bulk batch, set-based writes; bets come first, so the pool stays ≥ 0 after every transfer.
  if (inputs.length > 0) await postBulk(tx, inputs);
  phase('transfers');

  const entries: EntryRow[] = [];
  const eidolUpdates: EidolUpdate[] = [];
  for (let i = 0; i < settlement.eidols.length; i++) {
    const e = settlement.eidols[i]!;
    if ((i & 1023) === 1023) await pause();
    const row = byId.get(e.id)!;
    const s = row.eidol;
    entries.push({
      round_id: round.id,
      eidol_id: e.id,
      user_id: e.owner,
      risk: String(s.risk),
      yieldy: s.yieldy,
      eidol_type: s.type,
      xp_before: s.xp,
      level_before: s.level,
      value_before: s.value,
      top_value_before: s.topValue,
      no_loss_value: s.noLossValue,
      zone: e.zone,
      stake: -e.bet,
      payout: e.payout,
      mined: e.emission,
      value_after: e.value,
      xp_gained: e.xpGained,
      reserved_stake: s.reservedStake ?? null,
      sat_out: s.satOut ? 1 : 0,
      created_at: now,
    });
    eidolUpdates.push({
      id: e.id,
      experience: e.xp,
      level: e.level,
      type: e.hatched ? 'ogle' : row.dbType,
      hatched_at: e.hatched ? now : row.hatchedAt,
      skin_image: e.hatched ? hatchedFrame(row.collection, row.rarity, e.id) : row.skinImage,
      top_value: e.topValue,
    });
  }
  await insertEntries(k, tx.dialect, entries, pause);
  phase('entries');
  await updateEidols(k, tx.dialect, eidolUpdates, now, pause);
  phase('eidols');

  // Player XP grows with the XP their eidols gained; the level is read after this round's hatchings.
  const gained = new Map(settlement.owners.map((o) => [o.owner, o.xpGained]));
  const standing = await ownersStanding(k, [...gained.keys()], pause);
  const userUpdates: UserUpdate[] = [];
  for (const [id, s] of standing) {
    const xp = s.xp + (gained.get(id) ?? 0);
    userUpdates.push({ id, xp, level: playerLevel(xp, { eidols: s.eidols, hatched: s.hatched }) });
    if ((userUpdates.length & 1023) === 0) await pause();
  }
  await updateUsers(k, tx.dialect, userUpdates, pause);
  phase('players');

  const t = settlement.totals;
  await k
    .updateTable('rounds')
    .set({
      settled_at: now,
      threshold_units: Number(units),
      incense_slots: incenseSlots,
      participants: t.participants,
      winners: t.winners,
      pool_before: t.poolBefore,
      pool_after: t.poolAfter,
      round_fee: 0n,
      claims_paid: t.claimsPaid,
      emission_paid: t.emissionPaid,
      nominal_stakes: t.stakes,
    })
    .where('id', '=', round.id)
    .execute();
  await insertNextRound(k, round.id + 1, chain, round.position, freshChain, now, opts.timing, config);
  phase('round');

  // Sorted natively as a typed array: a comparator sort of 10^5 owners would hold the loop for long.
  const owners = Array.from(Float64Array.from(new Set(settlement.eidols.map((e) => e.owner))).sort());
  return {
    roundId: round.id,
    hash: round.hash,
    thresholdUnits: units,
    nextRoundId: round.id + 1,
    participants: t.participants,
    owners,
    unreadableRisk: unreadable,
  };
}
