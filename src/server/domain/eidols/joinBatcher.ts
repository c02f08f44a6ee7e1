/**
 * Group commit for joins. A join writes one short row, but each commit waits for the disk (SQLite's
 * synchronous=FULL fsync, PostgreSQL's WAL flush): one commit per join would cap joins at the disk's
 * fsyncs per second. So joins that arrive while a commit is in flight wait for it and then go together
 * in the next transaction (up to MAX_JOIN_BATCH), each still checked on its own (joinRound.ts). No timer:
 * a lone join waits one turn of the event loop (setImmediate), never a fixed delay.
 */
import type { Clock } from '../../clock';
import type { JoinBody } from '../../../shared/api/game';
import type { Ledger } from '../../ledger/index';
import { AppError } from '../errors';
import { joinBatch, joinEidolId, type JoinRequest, type JoinResult, type RoundCapacityState } from './joinRound';

/** Most joins written by one transaction (bounds how long it holds SQLite's writer). */
export const MAX_JOIN_BATCH = 512;

/**
 * Batches in flight at once: SQLite has one writer (a second would only wait for it); PostgreSQL commits
 * several transactions at a time (its pool has 10 connections; the rest serve reads meanwhile).
 */
export const JOIN_BATCHES_IN_FLIGHT = { sqlite: 1, postgres: 4 } as const;

interface Waiting {
  join: JoinRequest;
  resolve: (r: JoinResult) => void;
  reject: (e: unknown) => void;
}

/** Sends joins to the database in batches; `join` answers when its batch has committed. */
export interface JoinBatcher {
  join(userId: number, body: JoinBody): Promise<JoinResult>;
}

/**
 * A batcher writing through `ledger` (one per process), JOIN_BATCHES_IN_FLIGHT batches at a time; `onCapacity`
 * hears the round's capacity after each committed batch that reserved (the live "room left" of the eidol screen).
 */
export function createJoinBatcher(ledger: Ledger, clock: Clock, onCapacity?: (state: RoundCapacityState) => void): JoinBatcher {
  const queue: Waiting[] = [];
  const maxInFlight = JOIN_BATCHES_IN_FLIGHT[ledger.db.dialect];
  let inFlight = 0;

  const drain = async () => {
    while (queue.length > 0) {
      let batch: Waiting[] | undefined;
      try {
        const outcome = await ledger.run((tx) => {
          // Taken once the transaction holds its connection (and SQLite's write lock), not before: the joins
          // that arrived while it waited for them go in too. A retried attempt keeps the same batch.
          batch ??= queue.splice(0, MAX_JOIN_BATCH);
          return joinBatch(
            tx,
            clock,
            batch.map((w) => w.join),
          );
        });
        outcome.results.forEach((r, i) => (r instanceof AppError ? batch![i]!.reject(r) : batch![i]!.resolve(r)));
        if (outcome.capacity) onCapacity?.(outcome.capacity);
      } catch (err) {
        // The transaction failed as a whole (not a refusal of one join): nothing was written for any.
        for (const w of batch ?? []) w.reject(err);
      }
    }
    inFlight -= 1;
  };

  return {
    join(userId, body) {
      // A malformed id is refused before queueing: it never reaches a transaction.
      const eidolId = joinEidolId(body.oogle_id);
      return new Promise<JoinResult>((resolve, reject) => {
        queue.push({ join: { userId, body, eidolId, receivedAt: clock.now() }, resolve, reject });
        if (inFlight >= maxInFlight) return;
        inFlight += 1;
        // Yield one turn of the event loop first: SQLite runs a whole transaction, fsync included, without
        // yielding, so joins already received but not yet read would otherwise each get a commit of their own.
        setImmediate(() => void drain());
      });
    },
  };
}
