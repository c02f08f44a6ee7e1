/**
 * One node runs the periodic jobs. On PostgreSQL the leader is whoever holds a session-level advisory lock
 * (`pg_try_advisory_lock`) on a connection it keeps for that purpose: the lock lives exactly as long as
 * that session, so when the leader dies (process, machine or connection) PostgreSQL releases it and the
 * next node's periodic try takes over. On SQLite the single process that owns the file is the leader.
 */
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from './database';
import { pgDriver } from './pgDriver';
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
  return postgresLeaderLock(() => openSession(db, name), name, clock, opts.retryMs ?? LEADER_RETRY_MS);
}

/** The connection holding the lock: the three statements the lock needs, and its end. */
interface Session {
  tryLock(): Promise<boolean>;
  ping(): Promise<void>;
  unlock(): Promise<void>;
  end(): Promise<void>;
}

/**
 * A connection of its own for the lock, outside the query pool: when its session dies (killed, network
 * cut) it is ended here, never handed back to the pool for some later query to fail on. A PostgreSQL
 * `Db` opened without its URL falls back to holding a pool connection.
 */
async function openSession(db: Db, name: string): Promise<Session> {
  if (!db.url) return holdPoolSession(db.kysely, name);
  const client = new (pgDriver().Client)({ connectionString: db.url, application_name: `aeon-leader-${name}` });
  // A dying session emits 'error'; unheard it would end the process. The next statement fails instead,
  // and the lock ends the session.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return {
    tryLock: async () =>
      (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_CLASS, name])).rows[0]?.ok === true,
    ping: async () => void (await client.query('select 1')),
    unlock: async () => void (await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, name])),
    end: () => client.end().catch(() => {}),
  };
}

/** Takes one connection out of the pool until `end` (Kysely hands it back when the callback ends). */
function holdPoolSession(k: Kysely<Database>, name: string): Promise<Session> {
  return new Promise((resolve, reject) => {
    let letGo!: () => void;
    const held = new Promise<void>((r) => (letGo = r));
    let opened = false;
    const done = k
      .connection()
      .execute(async (conn) => {
        opened = true;
        resolve({
          tryLock: async () =>
            (await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${name})) as ok`.execute(conn)).rows[0]?.ok ===
            true,
          ping: async () => void (await sql`select 1`.execute(conn)),
          unlock: async () => void (await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${name}))`.execute(conn)),
          end: () => (letGo(), done),
        });
        await held;
      })
      .catch((err: unknown) => {
        if (!opened) reject(err);
      });
  });
}

function postgresLeaderLock(open: () => Promise<Session>, name: string, clock: Clock, retryMs: number): LeaderLock {
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
    await s?.end().catch(() => {});
  };

  const tryOnce = async (): Promise<boolean> => {
    if (closed) return false;
    try {
      session ??= await open();
      // The lock belongs to the session: while the session answers, a leader still holds it.
      if (leader) await session.ping();
      else if (!(await session.tryLock())) return false;
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
      if (session && leader) await session.unlock().catch(() => {});
      set(false);
      await drop();
    },
  };
}
