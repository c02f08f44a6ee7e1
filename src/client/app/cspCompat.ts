/**
 * Imported first by main.tsx: the server's Content-Security-Policy has no 'unsafe-eval'. Pixi then needs
 * its eval-free shader and uniform code (without it the renderer refuses to start), and zod must not
 * probe eval for its JIT (the probe is caught, but the browser reports it as a CSP violation). This runs
 * before any other module parses with zod.
 */
import 'pixi.js/unsafe-eval';
import { z } from 'zod';

z.config({ jitless: true });
