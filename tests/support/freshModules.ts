/** Unit files share worker processes (`isolate: false`: jsdom, React and the other packages load once per
 *  worker instead of once per file), so before each file the project's own modules are dropped: every file
 *  starts with fresh stores and machines, as it would in its own process. */
import { afterAll, vi } from 'vitest';

vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  globalThis.document?.body?.replaceChildren();
});
