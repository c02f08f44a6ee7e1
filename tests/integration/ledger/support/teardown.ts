/**
 * Closes a test database politely before it is dropped. pg-pool's `end()` resolves before its sockets
 * are gone; `drop database … with (force)` then kills those backends and the dying clients raise an
 * unhandled 'error' on the pool. Waiting until the server lists no session for the database avoids it.
 */
import pg from 'pg';
import type { TestDb } from '../../../support/testDb';

/** Closes `t`, waits (≤ 3 s) for its PostgreSQL sessions to end, then destroys it. */
export async function destroyQuietly(t: TestDb | undefined): Promise<void> {
  if (!t) return;
  await t.db.close();
  if (t.db.dialect === 'postgres') {
    const url = new URL(t.location);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      for (let i = 0; i < 60; i++) {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await admin.end();
    }
  }
  await t.destroy();
}
