/**
 * Runs the deposit watcher (leader lock 'chain') and, on nodes that sign, the withdrawal queue, the
 * sweeps of deposit addresses and the gDAO roots' anchoring (lock 'withdrawals') every CHAIN_POLL_MS, each on one node only, never two runs at once in this process; a failed run is logged and retried on the next tick
 * from the same cursor and the same stored withdrawals.
 */
import type { Db } from '../db/database';
import { createLeaderLock, type LeaderLock } from '../db/leaderLock';
import type { Clock } from '../clock';
import type { TransactionView } from '../../shared/api/transactions';
import { createDepositWatcher, type CreditedDeposit } from './depositWatcher';
import type { ChainGateway } from './gateway';
import { createWithdrawalProcessor, type QueueSafety, type WithdrawalStep } from './withdrawals';
import { createSweeper, type SweepStep } from './sweeps';

/**
 * A job that signs with the hot wallet beside the withdrawals (the gDAO roots' anchoring): the domain makes
 * it (the chain gateway never imports the domain), the service runs its steps on the signing node.
 */
export interface SigningJob<S> {
  step(): Promise<S | undefined>;
}

/** The running watcher; `A` is what a step of the signing job reports. */
export interface WatcherService<A = unknown> {
  /** Scans now if this node leads (waits for a scan already running); returns what it credited. */
  scanNow(): Promise<CreditedDeposit[]>;
  /** Runs one withdrawal step now if this node leads and signs. */
  withdrawNow(): Promise<WithdrawalStep | undefined>;
  /** Runs one sweep step now if this node leads and signs. */
  sweepNow(): Promise<SweepStep | undefined>;
  /** Runs one step of the gDAO roots' anchoring now if this node leads and signs. */
  anchorNow(): Promise<A | undefined>;
  close(): Promise<void>;
}

/** Starts the periodic scan; `onCredit` hears every new credit after its commit. */
export function startWatcherService<A = unknown>(opts: {
  db: Db;
  clock: Clock;
  gateway: ChainGateway;
  onCredit: (deposit: CreditedDeposit) => void;
  /** Hears a withdrawal's final status (success or fail). */
  onUpdate: (userId: number, view: TransactionView) => void;
  log: { error(obj: object, msg: string): void };
  leaderRetryMs?: number;
  /** Withdrawal safety in the queue (mail with freeze link, hold before signing). */
  safety?: QueueSafety;
  /** Made for a gateway that signs: the gDAO roots' anchoring (domain/gdao/merkleAnchor.ts). */
  anchorer?: (gateway: ChainGateway) => SigningJob<A>;
}): WatcherService<A> {
  const watcher = createDepositWatcher(opts.db, opts.clock, opts.gateway);
  const withdrawals = opts.gateway.signer
    ? createWithdrawalProcessor(opts.db, opts.clock, opts.gateway, opts.onUpdate, { safety: opts.safety })
    : undefined;
  // Sweeps sign with the hot wallet too (gas top-ups): same node and lock as the withdrawal queue.
  const sweeper = opts.gateway.signer ? createSweeper(opts.db, opts.clock, opts.gateway) : undefined;
  // The gDAO roots' anchoring takes hot wallet nonces as well: same node and lock again.
  const anchorer = opts.gateway.signer ? opts.anchorer?.(opts.gateway) : undefined;
  const leader = createLeaderLock(opts.db, 'chain', opts.clock, { retryMs: opts.leaderRetryMs });
  // Withdrawals have a lock of their own, taken only by nodes holding the hot wallet key: an API node
  // leading the deposit watcher must not keep the signing node from running the queue.
  const signing = withdrawals ? createLeaderLock(opts.db, 'withdrawals', opts.clock, { retryMs: opts.leaderRetryMs }) : undefined;
  // Scans run one after another: a call during a scan waits for it, then scans again from its cursor.
  let queue: Promise<unknown> = Promise.resolve();
  let busy = 0;
  const serial = <T>(lock: LeaderLock, fn: () => Promise<T>): Promise<T | undefined> => {
    busy++;
    const p = queue.then(async () => (lock.isLeader() || (await lock.refresh()) ? fn() : undefined));
    queue = p.catch(() => undefined).finally(() => busy--);
    return p;
  };
  const scan = async (): Promise<CreditedDeposit[]> => {
    const credited = (await serial(leader, () => watcher.scan())) ?? [];
    for (const c of credited) opts.onCredit(c);
    return credited;
  };
  const withdraw = () => (withdrawals && signing ? serial(signing, () => withdrawals.step()) : Promise.resolve(undefined));
  const sweep = () => (sweeper && signing ? serial(signing, () => sweeper.step()) : Promise.resolve(undefined));
  const anchor = () => (anchorer && signing ? serial(signing, () => anchorer.step()) : Promise.resolve(undefined));
  const timer = opts.clock.setInterval(() => {
    if (busy > 0) return;
    scan().catch((err: unknown) => opts.log.error({ err }, 'deposit scan failed'));
    withdraw().catch((err: unknown) => opts.log.error({ err }, 'withdrawal step failed'));
    sweep().catch((err: unknown) => opts.log.error({ err }, 'sweep step failed'));
    anchor().catch((err: unknown) => opts.log.error({ err }, 'gDAO anchoring step failed'));
  }, opts.gateway.pollMs);
  return {
    scanNow: scan,
    withdrawNow: withdraw,
    sweepNow: sweep,
    anchorNow: anchor,
    async close() {
      timer.cancel();
      await queue;
      await leader.close();
      await signing?.close();
    },
  };
}
