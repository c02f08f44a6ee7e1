/**
 * Pixi's weight on the way to home (issue #8): the build loads only the parts of Pixi this app draws with.
 * Pixi 8 registers its renderers' parts by import, so what is imported is what ships. The module swap below
 * depends on Pixi's own file layout, so it runs only on the pixi.js this folder was written for (fence.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PIXI_WRITTEN_FOR } from './version';

/** The installed pixi.js's version, read from its package.json under `root`. */
export function installedPixiVersion(root = process.cwd()): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(root, 'node_modules/pixi.js/package.json'), 'utf8')) as { version?: string }).version ?? 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/** Pixi's browser environment module, which Application.init imports on its first start. */
const BROWSER_ALL = './browserAll.mjs';
const BROWSER_EXT = /pixi\.js[\\/]lib[\\/]environment-browser[\\/]browserExt\.mjs$/;

/** This app's list of Pixi browser extensions, loaded in place of browserAll. */
export const APP_BROWSER_EXTENSIONS = 'src/client/engine/pixiBrowserExtensions.ts';

/**
 * Swaps pixi.js's browserAll (events, accessibility, DOM, filters) for the app's own list. Pixi's own switch
 * (`skipExtensionImports`) is an option of each Application; swapping the module gives every renderer the
 * app starts the same list, named in one file.
 */
export function pixiBrowserExtensionsPlugin(root = process.cwd(), installed = installedPixiVersion(root)): Plugin {
  const enabled = installed === PIXI_WRITTEN_FOR;
  return {
    name: 'aeon-pixi-browser-extensions',
    enforce: 'pre',
    buildStart() {
      if (!enabled)
        this.warn(
          `pixi.js ${installed} is not ${PIXI_WRITTEN_FOR}: Pixi's browserAll is not swapped for the app's list (src/client/engine/pixi-internals)`,
        );
    },
    resolveId(source, importer) {
      if (!enabled) return null;
      if (source === BROWSER_ALL && importer && BROWSER_EXT.test(importer)) return path.resolve(root, APP_BROWSER_EXTENSIONS);
      return null;
    },
  };
}

/**
 * Chunk groups (rolldown codeSplitting) that keep what the stage needs apart from the renderers it never
 * starts. Left alone, rolldown puts a module that the stage imports and a lazy renderer also imports into
 * that renderer's chunk, so the stage loaded the whole WebGPU renderer (for GpuUboSystem, which
 * pixi.js/unsafe-eval patches), the Canvas renderer (for Graphics) and the BitmapFont chunk (for the text
 * styles): ~20 KB gzip that only starts if WebGL is missing. Each group pulls its modules (and their
 * dependencies) into a chunk of its own.
 */
export const PIXI_CHUNK_GROUPS = [
  {
    name: 'pixi-ubo-wgsl',
    test: /pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]gpu[\\/](GpuUboSystem|shader[\\/]utils[\\/](createUboElementsWGSL|generateArraySyncWGSL|createUboSyncFunctionWGSL))\.mjs$/,
  },
  { name: 'pixi-graphics', test: /pixi\.js[\\/]lib[\\/]scene[\\/]graphics[\\/]shared[\\/]Graphics\.mjs$/ },
  { name: 'pixi-text', test: /pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]/ },
];

/** @pixi/react's modules (its package.json declares no `sideEffects`). */
const PIXI_REACT = /node_modules[\\/]@pixi[\\/]react[\\/]lib[\\/].*\.mjs$/;

/**
 * Marks @pixi/react's modules free of side effects, so what the app does not import is left out. Its package
 * says nothing, so the bundler kept every module of its index: the `<Application>` component (the stage uses
 * `createRoot`), which copies Pixi's default text style when it loads, pulled Pixi's text modules (~9 KB gzip)
 * onto the way to home although nothing draws Pixi text. Its modules' statements run as before once used (the
 * reconciler's DevTools hook among them).
 */
export function pixiReactSideEffectsPlugin(): Plugin {
  return {
    name: 'aeon-pixi-react-side-effects',
    transform(_code, id) {
      return PIXI_REACT.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}
