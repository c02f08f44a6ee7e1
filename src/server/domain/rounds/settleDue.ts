/**
 * Books the due round (ECONOMY.md "The round") in ONE ledger transaction: the snapshot of participants,
 * the threshold from the round's hash and its block's hash (recorded before, `roundBlock.ts`), `settleRound`'s
 * arithmetic over the snapshot's columns (`settleColumns`), its transfers as one batch of hub legs, the round
 * entries, eidol and player progress, the round's totals, and the next round (opening now). Calling it again
 * for a settled round does nothing: the round is re-read (and locked on PostgreSQL) inside the transaction, and
 * the transfer ids `round:<id>:<eidol>:<leg>` could not be booked twice anyway.
 */
import { ECONOMY_CONFIG, type EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { settlementTransferId } from '../../../shared/rules/round/settlement';
import type { SettlementLeg } from '../../../shared/rules/round/settlementTypes';
import { eidolAccount, postHubLegs, systemAccount, type Ledger, type LedgerTx } from '../../ledger/index';
import { databaseSlicer } from '../../loopSlice';
import { generateChain, type GeneratedChain } from '../fairness/chainStore';
import { burningSlots } from '../world/incense';
import type { RoundBlocks } from '../../chain/roundBlocks';
import { currentRound } from './currentRound';
import { insertNextRound, type RoundTiming } from './openRound';
import { recordBlockHash, roundThreshold, usesBlockRule } from './roundBlock';
import { loadSnapshotColumns } from './snapshotColumns';
import { settleColumns } from './settleColumns';
import { writeEidols, writeEntries, writePlayers } from './settledWrites';

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
  const pause = databaseSlicer(tx.dialect);
  // The emission's incense doubling: the slots burning when the round is booked, recorded on the round
  // row below so the fairness record (and `npm run verify`) replays the same number.
  const incenseSlots = await burningSlots(k, now);
  const config = opts.economy ?? ECONOMY_CONFIG;
  // The snapshot and the settlement as columns (snapshotColumns.ts, settleColumns.ts): no object per eidol,
  // transfer or amount stays on the heap, so a round of 10^6 eidols costs the collector next to nothing.
  const paging = { dialect: tx.dialect, pause };
  const snap = await loadSnapshotColumns(k, { roundId: round.id, lockedAt: round.can_act_before }, paging, config);
  const phase = opts.onPhase ?? (() => {});
  phase('snapshot');
  const settled = await settleColumns(
    snap,
    { roundId: round.id, thresholdUnits: units, poolBefore: pool.balance, incenseSlots, config },
    pause,
  );
  phase('settle');

  // Every eidol with a transfer has value > 0, so its account exists; opening one is only a fallback.
  for (let i = 0; i < snap.n; i++) {
    if (snap.account[i]! < 0 && (settled.stake[i]! > 0n || settled.payout[i]! > 0n || settled.share[i]! > 0n))
      snap.account[i] = await eidolAccount(tx, snap.id[i]!);
    if ((i & 4095) === 4095) await pause();
  }
  // One linked batch in settleRound's order (bets, then wins, then emission, each by ascending eidol id), so the
  // pool stays ≥ 0 after every transfer; the rows are postBulk's (`../../ledger/hubLegs.ts`).
  const legs: readonly SettlementLeg[] = ['bet', 'win', 'mined'];
  await postHubLegs(tx, {
    hub: poolId,
    spokes: snap.account,
    legs: [
      { code: 'bet', toHub: true, amounts: settled.stake },
      { code: 'win', toHub: false, amounts: settled.payout },
      { code: 'mined', toHub: false, amounts: settled.share },
    ],
    transferId: (row, leg) => settlementTransferId(round.id, snap.id[row]!, legs[leg]!),
    ref: String(round.id),
    // Only this booking writes these ids, and the round row read above (locked) is not settled.
    fresh: true,
  });
  phase('transfers');

  await writeEntries(k, tx.dialect, round.id, now, snap, settled, pause);
  phase('entries');
  await writeEidols(k, tx.dialect, now, snap, settled, pause);
  phase('eidols');
  await writePlayers(k, tx.dialect, settled, pause);
  phase('players');

  const t = settled.totals;
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
  await insertNextRound(k, round.id + 1, chain, round.position, freshChain, now, opts.timing, config, paging);
  phase('round');

  const owners = Array.from(settled.owners);
  return {
    roundId: round.id,
    hash: round.hash,
    thresholdUnits: units,
    nextRoundId: round.id + 1,
    participants: t.participants,
    owners,
    unreadableRisk: snap.unreadable,
  };
}
