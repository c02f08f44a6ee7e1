/**
 * The `pg` driver, loaded on first use: a server on SQLite never loads it. Its load is not small: beside
 * its protocol parser, it builds a `Response` to tell whether it runs in a Cloudflare Worker, which makes
 * node load its whole fetch implementation ahead of any request.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';

let driver: typeof pg | undefined;

/** The `pg` module; the first call loads it and makes int8 a BigInt for every pg client in the process. */
export function pgDriver(): typeof pg {
  if (driver) return driver;
  // A synchronous load (pg is CommonJS), so opening a database stays synchronous.
  driver = createRequire(import.meta.url)('pg') as typeof pg;
  // int4 stays number.
  driver.types.setTypeParser(20, (v) => BigInt(v));
  return driver;
}
