/**
 * Builds the fixed-stack baseline page (stack/index.html: a React root and a Pixi Application drawing one
 * sprite from one sheet) with the app's own Vite config, so React and Pixi are bundled, minified and
 * precompressed as the app's are, and puts it into the built client at STACK_PAGE, where the production
 * server sends it like any page. Removed again when the bench ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';

/** The folder of the page in the built client (its HTML at STACK_PAGE, its bundles under it). */
const STACK_DIR = 'bench-stack';
/** Where the page is served. */
export const STACK_PAGE = `/${STACK_DIR}/tests/bench/front/stack/index.html`;

/** Builds the page into `clientDir` (the built client the server sends); returns its removal. */
export async function writeStackPage(clientDir: string): Promise<() => void> {
  const root = process.cwd();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stack-'));
  const target = path.join(clientDir, STACK_DIR);
  // A page, not the app: no service worker manifest.
  const pwa = process.env.NO_PWA;
  process.env.NO_PWA = '1';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      base: `/${STACK_DIR}/`,
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        rollupOptions: { input: path.join(root, 'tests/bench/front/stack/index.html') },
      },
    });
    fs.rmSync(target, { recursive: true, force: true });
    // The atlases the build copies beside it are the app's own, already served at /atlases/.
    fs.cpSync(outDir, target, { recursive: true, filter: (src) => path.relative(outDir, src).split(path.sep)[0] !== 'atlases' });
  } finally {
    if (pwa === undefined) delete process.env.NO_PWA;
    else process.env.NO_PWA = pwa;
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return () => fs.rmSync(target, { recursive: true, force: true });
}
