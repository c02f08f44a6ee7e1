/** The command line of `npm run verify:outside`. */
import type { OutsideOptions } from './outside';

/** How to call it. */
export const USAGE = 'usage: npm run verify:outside -- <url> [--cookie HEADER] [--round N]... [--eidol ID] [--month YYYY-MM] [--rpc URL]';

/** Parses the command line; null on anything malformed. */
export function parseArgs(argv: string[]): OutsideOptions | null {
  const [url, ...rest] = argv;
  if (!url || !/^https?:\/\//.test(url)) return null;
  const o: OutsideOptions = { url: url.replace(/\/$/, '') };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) return null;
    if (flag === '--cookie') o.cookie = value;
    else if (flag === '--round' && /^\d+$/.test(value)) o.rounds = [...(o.rounds ?? []), Number(value)];
    else if (flag === '--eidol' && /^\d+$/.test(value)) o.eidol = Number(value);
    else if (flag === '--rpc' && /^https?:\/\//.test(value)) o.rpc = value;
    else if (flag === '--month' && /^\d{4}-\d{2}$/.test(value)) o.month = value;
    else return null;
  }
  return o;
}
