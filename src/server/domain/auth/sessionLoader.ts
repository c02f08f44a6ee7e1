/**
 * Session lookups coalesced per burst: the requests whose hooks run in the same turn of the event loop
 * (a burst of joins read from many sockets at once) share one `select … where id in (…)` instead of a
 * query each; per-query overhead, not the lookup itself, was most of a session's cost on the join path,
 * and on PostgreSQL each was a round trip. Nothing is cached across turns: a session revoked (its row
 * deleted) is refused by the next request exactly as with loadSession.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sha256Hex } from './secrets';
import { isLiveRow, sessionOfRow, type Session, type SessionRow } from './sessions';

/** Most sessions read by one query (well under either database's bound-parameter limit). */
export const SESSION_BURST_MAX = 500;

interface Pending {
  id: string;
  key: string;
  now: number;
  resolve: (s: Session | undefined) => void;
  reject: (e: unknown) => void;
}

/** Loads sessions as loadSession does, those asked for in one event-loop turn with one query. */
export type SessionLoader = (id: string, now: number) => Promise<Session | undefined>;

/** A loader reading through `db`'s outer handle (never inside a transaction). */
export function createSessionLoader(db: Kysely<Database>): SessionLoader {
  let pending: Pending[] = [];

  const answer = async (burst: Pending[]) => {
    let rows: Map<string, SessionRow>;
    try {
      const keys = [...new Set(burst.map((p) => p.key))];
      rows = new Map((await db.selectFrom('sessions').selectAll().where('id', 'in', keys).execute()).map((r) => [r.id, r]));
    } catch (err) {
      for (const p of burst) p.reject(err);
      return;
    }
    for (const p of burst) {
      const row = rows.get(p.key);
      // Liveness at each request's own time, as loadSession's query checks it.
      if (!row || !isLiveRow(row, p.now)) p.resolve(undefined);
      else sessionOfRow(db, row, p.id, p.now).then(p.resolve, p.reject);
    }
  };

  const flush = () => {
    const all = pending;
    pending = [];
    for (let i = 0; i < all.length; i += SESSION_BURST_MAX) void answer(all.slice(i, i + SESSION_BURST_MAX));
  };

  return (id, now) =>
    new Promise<Session | undefined>((resolve, reject) => {
      // One turn of the event loop, never a timer: the requests parsed in this turn's I/O go together.
      if (pending.length === 0) setImmediate(flush);
      pending.push({ id, key: sha256Hex(id), now, resolve, reject });
    });
}
