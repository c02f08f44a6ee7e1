/** Where the e2e server runs and keeps its data (a fresh SQLite file and mail outbox each run). */
import os from 'node:os';
import path from 'node:path';

/** Port of the e2e server. */
export const E2E_PORT = Number(process.env.E2E_PORT || 18_431);
/**
 * DATA_DIR of the e2e server, emptied by the webServer command before the server starts (outside
 * test-results/, which Playwright clears while the server already runs).
 */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `aeon-e2e-${E2E_PORT}`);
