// The build's Pixi trimming (pixi-internals/buildPlugins.ts): Application.init's browserAll becomes the app's own
// list, and the chunk groups catch the modules they name. Checked against the installed pixi.js, so moving the
// pin to a release that moved these files fails here instead of silently shipping the full weight again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_BROWSER_EXTENSIONS,
  PIXI_CHUNK_GROUPS,
  installedPixiVersion,
  pixiBrowserExtensionsPlugin,
  pixiReactSideEffectsPlugin,
} from '../../../../../src/client/engine/pixi-internals/buildPlugins';
import { PIXI_WRITTEN_FOR } from '../../../../../src/client/engine/pixi-internals/version';

const ROOT = join(import.meta.dirname, '../../../../..');
const PIXI = join(ROOT, 'node_modules/pixi.js/lib');
const browserExt = join(PIXI, 'environment-browser/browserExt.mjs');

/** The installed pixi.js is the release the swap was written for: the build makes it here. */
const PINNED = installedPixiVersion(ROOT) === PIXI_WRITTEN_FOR;

/** The plugin's resolveId, called as Vite calls it. */
function resolve(source: string, importer?: string): unknown {
  const hook = pixiBrowserExtensionsPlugin(ROOT).resolveId as (s: string, i?: string) => unknown;
  return hook(source, importer);
}

// The swap reads Pixi's file layout: checked where it runs (after an upgrade, once PIXI_WRITTEN_FOR is moved).
describe.runIf(PINNED)("the app's Pixi browser extensions", () => {
  it("replace browserAll where Pixi's browser environment imports it, and nowhere else", () => {
    expect(readFileSync(browserExt, 'utf8')).toContain("import('./browserAll.mjs')");
    expect(resolve('./browserAll.mjs', browserExt)).toBe(join(ROOT, APP_BROWSER_EXTENSIONS));
    expect(resolve('./browserAll.mjs', join(ROOT, 'src/client/x.ts'))).toBeNull();
    expect(resolve('pixi.js', browserExt)).toBeNull();
  });

  it('leave out only what browserAll adds beyond pixi.js itself (rendering and sprite sheets stay)', () => {
    const all = readFileSync(join(PIXI, 'environment-browser/browserAll.mjs'), 'utf8');
    const index = readFileSync(join(PIXI, 'index.mjs'), 'utf8');
    const dropped = [...all.matchAll(/import '\.\.\/([^']+)';/g)].map((m) => m[1]!).filter((f) => !index.includes(`import './${f}';`));
    expect(dropped.sort()).toEqual(['accessibility/init.mjs', 'dom/init.mjs', 'events/init.mjs', 'filters/init.mjs']);
  });
});

describe('the Pixi chunk groups', () => {
  it('each catch modules of the installed pixi.js', () => {
    const files = ['rendering/renderers/gpu/GpuUboSystem.mjs', 'scene/graphics/shared/Graphics.mjs', 'scene/text/TextStyle.mjs'].map((f) =>
      join(PIXI, f),
    );
    for (const file of files) readFileSync(file);
    expect(files.map((f) => PIXI_CHUNK_GROUPS.find((g) => g.test.test(f))?.name)).toEqual(['pixi-ubo-wgsl', 'pixi-graphics', 'pixi-text']);
    expect(PIXI_CHUNK_GROUPS.some((g) => g.test.test(join(PIXI, 'rendering/renderers/gpu/WebGPURenderer.mjs')))).toBe(false);
  });
});

describe("@pixi/react's modules", () => {
  it('are marked free of side effects, and nothing else is', () => {
    const transform = pixiReactSideEffectsPlugin().transform as (code: string, id: string) => unknown;
    const component = join(ROOT, 'node_modules/@pixi/react/lib/components/Application.mjs');
    // The component the stage does not use reads Pixi's text style when it loads: kept, it brought Pixi's text.
    expect(readFileSync(component, 'utf8')).toContain('TextStyle.defaultTextStyle');
    expect(transform('', component)).toEqual({ moduleSideEffects: false });
    expect(transform('', join(ROOT, 'node_modules/@pixi/react/lib/core/createRoot.mjs'))).toEqual({ moduleSideEffects: false });
    expect(transform('', join(PIXI, 'scene/text/TextStyle.mjs'))).toBeNull();
    expect(transform('', join(ROOT, 'src/client/app/PixiStage.tsx'))).toBeNull();
  });
});

describe('the swap on another pixi.js', () => {
  it('is left out (only the version string differs)', () => {
    const hook = pixiBrowserExtensionsPlugin(ROOT, '8.23.0').resolveId as (s: string, i?: string) => unknown;
    expect(hook('./browserAll.mjs', browserExt)).toBeNull();
  });

  it.skipIf(PINNED)('is left out on the installed pixi.js, which it was not written for', () => {
    expect(resolve('./browserAll.mjs', browserExt)).toBeNull();
  });
});
