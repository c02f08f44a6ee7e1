/**
 * One node runs the periodic jobs. On PostgreSQL the leader is whoever holds a session-level advisory lock
 * (`pg_try_advisory_lock`) on a connection it keeps for that purpose: the lock lives exactly as long as
 * that session, so when the leader dies (process, machine or connection) PostgreSQL releases it and the
 * next node's periodic try takes over. On SQLite the single process that owns the file is the leader.
 */
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from './database';
import type { Database } from './schema';

/** Leadership of one named job group, re-tried on the clock. */
export interface LeaderLock {
  /** True while this node holds the lock (as of the last try). */
  isLeader(): boolean;
  /** Tries now: takes the lock when free, or confirms the session holding it is alive. */
  refresh(): Promise<boolean>;
  /** Calls `cb` on every change of leadership; returns the unsubscribe. */
  onChange(cb: (leader: boolean) => void): () => void;
  /** Stops trying and releases the lock (another node takes over on its next try). */
  close(): Promise<void>;
}

/** How often a node tries to take the lock, and the leader checks its session is alive. */
export const LEADER_RETRY_MS = 10_000;

/** The first key of the two-int advisory lock space (the second is the name hashed), so these locks never meet another use of advisory locks. */
export const LOCK_CLASS = 0x6165_6f6e; // "aeon"

/** Leadership of `name` among the nodes sharing `db`; tried at once and every `retryMs` on `clock`. */
export function createLeaderLock(db: Db, name: string, clock: Clock, opts: { retryMs?: number } = {}): LeaderLock {
  if (db.dialect === 'sqlite') {
    return { isLeader: () => true, refresh: async () => true, onChange: () => () => {}, close: async () => {} };
  }
  return postgresLeaderLock(db.kysely, name, clock, opts.retryMs ?? LEADER_RETRY_MS);
}

/** A pool connection held for as long as the lock should live; `release` hands it back. */
interface Session {
  conn: Kysely<Database>;
  release(): Promise<void>;
}

/** Takes one connection out of the pool until `release` (Kysely hands it back when the callback ends). */
function holdSession(k: Kysely<Database>): Promise<Session> {
  return new Promise((resolve, reject) => {
    let letGo!: () => void;
    const held = new Promise<void>((r) => (letGo = r));
    let opened = false;
    const done = k.connection().execute(async (conn) => {
      opened = true;
      resolve({ conn, release: () => (letGo(), done) });
      await held;
    }).catch((err: unknown) => {
      if (!opened) reject(err);
    });
  });
}

function postgresLeaderLock(k: Kysely<Database>, name: string, clock: Clock, retryMs: number): LeaderLock {
  let leader = false;
  let closed = false;
  let session: Session | undefined;
  let inFlight: Promise<boolean> | undefined;
  const listeners = new Set<(leader: boolean) => void>();
  const set = (v: boolean) => {
    if (v === leader) return;
    leader = v;
    // A listener's failure must not stop the others hearing the change (nor the lock's own timer).
    for (const cb of listeners) {
      try {
        cb(v);
      } catch (err) {
        console.error(`leader lock ${name}: onChange listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  const drop = async () => {
    const s = session;
    session = undefined;
    await s?.release().catch(() => {});
  };

  const tryOnce = async (): Promise<boolean> => {
    if (closed) return false;
    try {
      session ??= await holdSession(k);
      // The lock belongs to the session: while the session answers, a leader still holds it.
      if (leader) await sql`select 1`.execute(session.conn);
      else {
        const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${name})) as ok`.execute(session.conn);
        if (!rows[0]?.ok) return false;
      }
      return true;
    } catch {
      // The session is gone, and any lock it held with it: open a new one on the next try.
      await drop();
      return false;
    }
  };

  const refresh = () =>
    (inFlight ??= tryOnce()
      .then((v) => {
        set(v && !closed);
        return leader;
      })
      .finally(() => (inFlight = undefined)));

  const timer = clock.setInterval(() => void refresh(), retryMs);
  void refresh();

  return {
    isLeader: () => leader,
    refresh,
    onChange(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    async close() {
      closed = true;
      timer.cancel();
      await inFlight;
      if (session && leader) await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${name}))`.execute(session.conn).catch(() => {});
      set(false);
      await drop();
    },
  };
}
