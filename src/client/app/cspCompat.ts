/**
 * Imported first by start.tsx (the app main.tsx starts): the server's Content-Security-Policy has no 'unsafe-eval'.
 * The client's schemas are zod/mini (src/shared/zod.ts), whose object parser never compiles code; classic zod's
 * does, probing eval first (the probe is caught, but the browser reports it as a CSP violation). The jitless
 * switch keeps a classic schema that ever reaches the client from probing. Pixi's eval-free shader code loads
 * with the stage (StageHost.tsx), which is not part of the first paint.
 */
import { z } from 'zod/mini';

z.config({ jitless: true });
