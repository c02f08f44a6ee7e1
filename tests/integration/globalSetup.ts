/** Finds PostgreSQL once per run and tells every integration file whether to run its PostgreSQL half. */
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** The admin URL used to create throw-away databases; `TEST_PG_URL` overrides it. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Probes PostgreSQL and provides `pgAdminUrl` (empty string when absent) to the test files. */
export default async function setup(project: TestProject): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('pgAdminUrl', PG_ADMIN_URL);
    console.info(`[integration] PostgreSQL reachable at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: running both databases`);
  } catch (err) {
    project.provide('pgAdminUrl', '');
    console.warn(`\n[integration] PostgreSQL NOT reachable (${(err as Error).message}): PostgreSQL tests are NOT run\n`);
    // `npm test` reads this to say so in its closing totals line.
    if (process.env.AEON_PG_ABSENT_FILE) fs.writeFileSync(process.env.AEON_PG_ABSENT_FILE, (err as Error).message);
    if (process.env.CI) throw new Error('CI requires PostgreSQL for the integration suite');
  } finally {
    await client.end().catch(() => {});
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
