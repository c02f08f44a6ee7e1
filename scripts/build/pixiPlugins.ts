/**
 * Pixi's weight on the way to home (issue #8): the build loads only the parts of Pixi this app draws with.
 * Pixi 8 registers its renderers' parts by import, so what is imported is what ships.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

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
export function pixiBrowserExtensionsPlugin(root = process.cwd()): Plugin {
  return {
    name: 'aeon-pixi-browser-extensions',
    enforce: 'pre',
    resolveId(source, importer) {
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
  { name: 'pixi-ubo-wgsl', test: /pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]gpu[\\/](GpuUboSystem|shader[\\/]utils[\\/](createUboElementsWGSL|generateArraySyncWGSL|createUboSyncFunctionWGSL))\.mjs$/ },
  { name: 'pixi-graphics', test: /pixi\.js[\\/]lib[\\/]scene[\\/]graphics[\\/]shared[\\/]Graphics\.mjs$/ },
  { name: 'pixi-text', test: /pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]/ },
];

/** Pixi's text metrics module, which builds its grapheme segmenter when it loads. */
const CANVAS_TEXT_METRICS = /pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]canvas[\\/]CanvasTextMetrics\.mjs$/;
const EAGER_SEGMENTER = /const segmenter = new Intl\.Segmenter\(\);(\s*)return \(s\) => \{(\s*)const segments = segmenter\.segment\(s\);/;

/**
 * Makes Pixi build its `Intl.Segmenter` on first use instead of when its text module loads: constructing one
 * loads the browser's break-iterator data (~14 ms observed here, ×4 on a phone), in the task that evaluates
 * Pixi on the way to home, and only word-wrapped or letter-spaced text ever splits graphemes. Fails the build
 * when the installed Pixi no longer has the code it rewrites, rather than silently keeping the cost.
 */
export function pixiLazySegmenterPlugin(): Plugin {
  return {
    name: 'aeon-pixi-lazy-segmenter',
    enforce: 'pre',
    transform(code, id) {
      if (!CANVAS_TEXT_METRICS.test(id)) return null;
      if (!EAGER_SEGMENTER.test(code)) this.error(`${id}: Pixi's eager Intl.Segmenter was not found (pixi.js changed?): update pixiLazySegmenterPlugin`);
      return { code: lazySegmenter(code), map: null };
    },
  };
}

/** The rewrite itself: the segmenter made on the first call. */
export function lazySegmenter(code: string): string {
  return code.replace(EAGER_SEGMENTER, 'let segmenter;$1return (s) => {$2const segments = (segmenter ??= new Intl.Segmenter()).segment(s);');
}

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
