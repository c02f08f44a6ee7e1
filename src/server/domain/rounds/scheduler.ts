/**
 * The round scheduler: on the node holding the 'rounds' leader lock, it writes round 1 when none exists,
 * wakes at the current round's lock (can_act_before) to record the chain block that will key its T (the
 * head + 1), waits for its ends_at, settles it (one commit, which also writes the next round), then
 * announces it. While the chain cannot be read the round stays locked and the scheduler retries. Its first
 * tick as leader fits the running round to this process's timing (a restart with shorter rounds does not wait
 * out the old round). Ticks run one at a time, so two settlements never overlap on a node, and
 * the lock keeps other nodes out. After downtime the overdue round is settled once and the next opens
 * from now. An announcement lost to a crash after the commit is lost, never a reason to settle again.
 */
import type { Clock, ClockTimer } from '../../clock';
import type { Db } from '../../db/database';
import { createLeaderLock, type LeaderLock } from '../../db/leaderLock';
import { createLedger } from '../../ledger/index';
import { ChainUnreadable, type RoundBlocks } from '../../chain/roundBlocks';
import type { EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { currentRound } from './currentRound';
import { ensureFirstRound, type RoundTiming } from './openRound';
import { fitRoundToTiming } from './roundRetiming';
import { recordBlockNumber } from './roundBlock';
import { settleDue, type SettledRound } from './settleDue';

/** After a failed tick (database away, a bug), the scheduler tries again this much later. */
export const RETRY_AFTER_FAILURE_MS = 5000;

/** What the scheduler is built from. */
export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  timing: RoundTiming;
  chainLength: number;
  economy?: EconomyConfig;
  /** The chain whose first block after each lock keys the round's T. */
  blocks: RoundBlocks;
  /** Called after each settlement's commit (the announcement); its failure is logged, never retried. */
  onSettled(settled: SettledRound): void | Promise<void>;
  log: { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };
  /** Leader lock retry period (tests shorten it). */
  leaderRetryMs?: number;
}

/** A running scheduler. */
export interface RoundScheduler {
  readonly lock: LeaderLock;
  /** Runs a tick now (when leader) and resolves once it and any tick it chained are done. */
  tick(): Promise<void>;
  /** Resolves when no tick is running. */
  idle(): Promise<void>;
  /** Stops the timers, waits for a running tick, releases the lock. */
  close(): Promise<void>;
}

/** Starts the scheduler: it acts whenever this node is (or becomes) the 'rounds' leader. */
export function createRoundScheduler(opts: SchedulerOptions): RoundScheduler {
  const { db, clock } = opts;
  const ledger = createLedger(db, clock);
  const lock = createLeaderLock(db, 'rounds', clock, opts.leaderRetryMs === undefined ? {} : { retryMs: opts.leaderRetryMs });
  let timer: ClockTimer | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  // The running round takes this process's timing once, on its first tick as leader (roundRetiming.ts).
  let fitted = false;

  const arm = (ms: number) => {
    timer?.cancel();
    timer = closed ? undefined : clock.setTimeout(() => void tick(), Math.max(0, ms));
  };

  /** Records the locked round's block number; false (logged) while the chain cannot be read. */
  const blockNumberRecorded = async (roundId: number): Promise<boolean> => {
    try {
      await recordBlockNumber(db.kysely, opts.blocks, roundId);
      return true;
    } catch (err) {
      if (!(err instanceof ChainUnreadable)) throw err;
      opts.log.error(
        { err: err.message, round: roundId },
        'chain unreadable at the lock: the block number is recorded once it can be read',
      );
      return false;
    }
  };

  const once = async (): Promise<void> => {
    if (closed || !lock.isLeader()) return;
    await ensureFirstRound(ledger, opts.timing, opts.chainLength, opts.economy);
    if (!fitted) {
      const retimed = await fitRoundToTiming(db.kysely, opts.timing, clock.now());
      fitted = true;
      if (retimed)
        opts.log.warn?.(
          retimed,
          `round ${retimed.roundId} follows the new round timing: it now ends at ${new Date(retimed.after.ends_at).toISOString()}`,
        );
    }
    // A settled round opens the next from now, so this loop settles at most one overdue round per pass.
    for (;;) {
      if (closed || !lock.isLeader()) return;
      const round = await currentRound(db.kysely);
      if (!round) return;
      let recorded = round.block_number !== null;
      if (!recorded && clock.now() >= round.can_act_before) {
        if (!(await blockNumberRecorded(round.id))) return arm(RETRY_AFTER_FAILURE_MS);
        recorded = true;
      }
      // Open: wake at the lock to record the block; locked: at ends_at to settle.
      const wait = (recorded ? round.ends_at : round.can_act_before) - clock.now();
      if (wait > 0) return arm(wait);
      let settled;
      try {
        settled = await settleDue(ledger, { timing: opts.timing, economy: opts.economy, blocks: opts.blocks });
      } catch (err) {
        if (!(err instanceof ChainUnreadable)) throw err;
        opts.log.error({ err: err.message, round: round.id }, 'chain unreadable: the round stays locked until it can be read');
        return arm(RETRY_AFTER_FAILURE_MS);
      }
      if (!settled) {
        // Settled meanwhile by someone else: the loop reads the next round. Still the same round: try later.
        const now = await currentRound(db.kysely);
        if (now?.id === round.id) return arm(RETRY_AFTER_FAILURE_MS);
        continue;
      }
      if (settled.unreadableRisk.length > 0)
        opts.log.warn?.({ round: settled.roundId, eidols: settled.unreadableRisk }, 'eidols with an unreadable risk sat out the round');
      try {
        await opts.onSettled(settled);
      } catch (err) {
        opts.log.error({ err, round: settled.roundId }, 'round announcement failed');
      }
    }
  };

  function tick(): Promise<void> {
    // One tick at a time: a timer firing while a tick runs joins it (the running tick re-arms the timer).
    running ??= once()
      .catch((err: unknown) => {
        opts.log.error({ err }, 'round scheduler tick failed');
        arm(RETRY_AFTER_FAILURE_MS);
      })
      .finally(() => (running = undefined));
    return running;
  }

  const unsubscribe = lock.onChange((leader) => {
    if (leader) void tick();
    else {
      timer?.cancel();
      timer = undefined;
    }
  });
  // The lock's first try runs at creation; on SQLite this process leads from the start.
  const started = lock.refresh().then((leader) => (leader ? tick() : undefined));

  return {
    lock,
    tick: async () => {
      await lock.refresh();
      await running;
      await tick();
    },
    async idle() {
      await started;
      while (running) await running;
    },
    async close() {
      closed = true;
      timer?.cancel();
      unsubscribe();
      while (running) await running;
      await lock.close();
    },
  };
}
