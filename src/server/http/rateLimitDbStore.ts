/**
 * Attempt counters in the `rate_limits` table, so every node of a PostgreSQL deployment counts against
 * the same limits (not N times over). One atomic upsert per attempt: `insert … on conflict do update …
 * returning`, restarting the window when it has ended; both SQLite and PostgreSQL run it.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Db, DialectName } from '../db/database';
import { MemoryRateStore, type RateCount, type RateStore } from './rateLimitStore';

/** Expired counters deleted per sweep: a sweep never holds the table for long. */
export const SWEEP_BATCH = 1000;

/** A store on the database. */
export class DbRateStore implements RateStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'postgres',
  ) {}

  async hit(key: string, windowMs: number, now: number): Promise<RateCount> {
    if (this.dialect !== 'postgres') return this.upsert(this.db, key, windowMs, now);
    // A counter lost in a crash costs nothing; waiting for the WAL flush on every attempt would.
    return this.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return this.upsert(trx, key, windowMs, now);
    });
  }

  private async upsert(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<RateCount> {
    const ended = sql<boolean>`rate_limits.expires_at <= ${now}`;
    const row = await db
      .insertInto('rate_limits')
      .values({ key_hash: key, window_start: now, hits: 1, expires_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key_hash').doUpdateSet({
          hits: sql<number>`case when ${ended} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<number>`case when ${ended} then excluded.window_start else rate_limits.window_start end`,
          expires_at: sql<number>`case when ${ended} then excluded.expires_at else rate_limits.expires_at end`,
        }),
      )
      .returning(['hits', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.hits), resetAt: Number(row.expires_at) };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key_hash', '=', key).execute();
  }

  async sweep(now: number): Promise<number> {
    const batch = this.db.selectFrom('rate_limits').select('key_hash').where('expires_at', '<=', now).limit(SWEEP_BATCH);
    const r = await this.db.deleteFrom('rate_limits').where('key_hash', 'in', batch).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async size(): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/**
 * The store a deployment needs: the database on PostgreSQL (several nodes share it), memory on SQLite
 * (one process owns the file, and a counter in memory spares an fsync per attempt).
 */
export function rateStoreFor(db: Db): RateStore {
  return db.dialect === 'postgres' ? new DbRateStore(db.kysely, db.dialect) : new MemoryRateStore();
}
