/**
 * The zod every shared and client schema is built with: zod/mini, whose functions tree-shake, so the client
 * carries only the parsers it uses (issue #8: classic zod was ~25 KB gzip of the first paint, mini ~10 KB).
 * Server-only code may use classic zod; both share one core, so their schemas mix.
 */
import { z } from 'zod/mini';

// Mini ships no messages (an issue would read "Invalid input"); classic zod sets English when no locale is set.
// Setting it here keeps every issue's text as classic gives it, on the client, the server and in scripts.
if (!z.config().localeError) z.config(z.locales.en());

export { z };
