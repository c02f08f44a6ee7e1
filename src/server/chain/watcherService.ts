/**
 * Runs the deposit watcher every CHAIN_POLL_MS on one node only (leader lock 'chain'), never two scans at
 * once in this process; a failed scan is logged and retried on the next tick from the same cursor.
 */
import type { Db } from '../db/database';
import { createLeaderLock } from '../db/leaderLock';
import type { Clock } from '../clock';
import { createDepositWatcher, type CreditedDeposit } from './depositWatcher';
import type { ChainGateway } from './gateway';

/** The running watcher. */
export interface WatcherService {
  /** Scans now if this node leads (waits for a scan already running); returns what it credited. */
  scanNow(): Promise<CreditedDeposit[]>;
  close(): Promise<void>;
}

/** Starts the periodic scan; `onCredit` hears every new credit after its commit. */
export function startWatcherService(opts: {
  db: Db;
  clock: Clock;
  gateway: ChainGateway;
  onCredit: (deposit: CreditedDeposit) => void;
  log: { error(obj: object, msg: string): void };
  leaderRetryMs?: number;
}): WatcherService {
  const watcher = createDepositWatcher(opts.db, opts.clock, opts.gateway);
  const leader = createLeaderLock(opts.db, 'chain', opts.clock, { retryMs: opts.leaderRetryMs });
  // Scans run one after another: a call during a scan waits for it, then scans again from its cursor.
  let queue: Promise<unknown> = Promise.resolve();
  let busy = 0;
  const scan = (): Promise<CreditedDeposit[]> => {
    busy++;
    const p = queue.then(async () => {
      if (!leader.isLeader() && !(await leader.refresh())) return [];
      const credited = await watcher.scan();
      for (const c of credited) opts.onCredit(c);
      return credited;
    });
    queue = p.catch(() => undefined).finally(() => busy--);
    return p;
  };
  const timer = opts.clock.setInterval(() => {
    if (busy === 0) scan().catch((err: unknown) => opts.log.error({ err }, 'deposit scan failed'));
  }, opts.gateway.pollMs);
  return {
    scanNow: scan,
    async close() {
      timer.cancel();
      await queue;
      await leader.close();
    },
  };
}
