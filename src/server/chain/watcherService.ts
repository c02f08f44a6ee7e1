/**
 * Runs the deposit watcher and the withdrawal queue every CHAIN_POLL_MS on one node only (leader lock
 * 'chain'), never two runs at once in this process; a failed run is logged and retried on the next tick
 * from the same cursor and the same stored withdrawals.
 */
import type { Db } from '../db/database';
import { createLeaderLock } from '../db/leaderLock';
import type { Clock } from '../clock';
import type { TransactionView } from '../../shared/api/transactions';
import { createDepositWatcher, type CreditedDeposit } from './depositWatcher';
import type { ChainGateway } from './gateway';
import { createWithdrawalProcessor, type WithdrawalStep } from './withdrawals';

/** The running watcher. */
export interface WatcherService {
  /** Scans now if this node leads (waits for a scan already running); returns what it credited. */
  scanNow(): Promise<CreditedDeposit[]>;
  /** Runs one withdrawal step now if this node leads and signs. */
  withdrawNow(): Promise<WithdrawalStep | undefined>;
  close(): Promise<void>;
}

/** Starts the periodic scan; `onCredit` hears every new credit after its commit. */
export function startWatcherService(opts: {
  db: Db;
  clock: Clock;
  gateway: ChainGateway;
  onCredit: (deposit: CreditedDeposit) => void;
  /** Hears a withdrawal's final status (success or fail). */
  onUpdate: (userId: number, view: TransactionView) => void;
  log: { error(obj: object, msg: string): void };
  leaderRetryMs?: number;
}): WatcherService {
  const watcher = createDepositWatcher(opts.db, opts.clock, opts.gateway);
  const withdrawals = opts.gateway.signer ? createWithdrawalProcessor(opts.db, opts.clock, opts.gateway, opts.onUpdate) : undefined;
  const leader = createLeaderLock(opts.db, 'chain', opts.clock, { retryMs: opts.leaderRetryMs });
  // Scans run one after another: a call during a scan waits for it, then scans again from its cursor.
  let queue: Promise<unknown> = Promise.resolve();
  let busy = 0;
  const serial = <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    busy++;
    const p = queue.then(async () => ((leader.isLeader() || (await leader.refresh())) ? fn() : undefined));
    queue = p.catch(() => undefined).finally(() => busy--);
    return p;
  };
  const scan = async (): Promise<CreditedDeposit[]> => {
    const credited = (await serial(() => watcher.scan())) ?? [];
    for (const c of credited) opts.onCredit(c);
    return credited;
  };
  const withdraw = () => (withdrawals ? serial(() => withdrawals.step()) : Promise.resolve(undefined));
  const timer = opts.clock.setInterval(() => {
    if (busy > 0) return;
    scan().catch((err: unknown) => opts.log.error({ err }, 'deposit scan failed'));
    withdraw().catch((err: unknown) => opts.log.error({ err }, 'withdrawal step failed'));
  }, opts.gateway.pollMs);
  return {
    scanNow: scan,
    withdrawNow: withdraw,
    async close() {
      timer.cancel();
      await queue;
      await leader.close();
    },
  };
}
