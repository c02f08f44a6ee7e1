/**
 * Imported first by start.tsx (the app main.tsx starts): the server's Content-Security-Policy has no 'unsafe-eval', so zod must not
 * probe eval for its JIT (the probe is caught, but the browser reports it as a CSP violation). This runs
 * before any other module parses with zod. Pixi's eval-free shader code loads with the stage
 * (StageHost.tsx), which is not part of the first paint.
 */
import { z } from 'zod';

z.config({ jitless: true });
