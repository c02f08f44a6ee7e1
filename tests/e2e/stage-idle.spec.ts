/**
 * The stage draws only when something changes (issue #8): every WebGL draw is counted in the page (the
 * prototype methods wrapped before the app loads), and a still screen must issue none for seconds on end,
 * while a change — a resize, a slide — draws again. Screens without a scene (/hello, /login, /register,
 * whose master is drawn in the DOM) stand on the CSS backdrop and never start WebGL. The stage makes one WebGL
 * context (Pixi's capability checks are answered from it, engine/pixiCapabilities.ts) and enables only the
 * extensions the app draws with (engine/pixiGlExtensions.ts). No texture upload sends more than STRIP_BYTES in
 * one call (engine/stripUploads.ts: a larger one holds the page while the GPU process takes it piece by piece),
 * and no program is asked about itself before its link is done (engine/programPrelink.ts: the question would
 * hold the page until the GPU process has linked it).
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmedPlayer, finishOnboarding } from './support/player';
import { STRIP_BYTES } from '../../src/client/engine/textureStrips';

/** A still stage draws nothing for this long. */
const QUIET_MS = 2_500;
/** How long a screen may take to go still: the stage starts once the screen has painted and the page is idle,
 * then its scene loads its atlas sheets (slow on a loaded machine) and draws. */
const SETTLES_WITHIN_MS = 25_000;

// Each screen may take up to SETTLES_WITHIN_MS to go still, and home first needs a confirmed player.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const counted = ['clear', 'drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'] as const;
    const w = window as unknown as { __glCalls: number; __glContexts: string[]; __glExtensions: string[]; __glUploadBytes: number[]; __glProgramLog: string[] };
    w.__glCalls = 0;
    w.__glProgramLog = [];
    w.__glContexts = [];
    w.__glExtensions = [];
    w.__glUploadBytes = [];
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      if (kind.startsWith('webgl')) w.__glContexts.push(kind);
      return (getContext as (...args: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof getContext;
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Array<Record<string, unknown>>) {
      for (const name of counted) {
        const original = proto[name] as ((...args: unknown[]) => unknown) | undefined;
        if (!original) continue;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          w.__glCalls++;
          return original.apply(this, args);
        };
      }
      // The bytes of each upload from an image, bitmap or canvas: the rectangle's size when the call gives one.
      for (const name of ['texImage2D', 'texSubImage2D']) {
        const original = proto[name] as (...args: unknown[]) => unknown;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          const source = args.at(-1) as { width?: number; height?: number } | null;
          if (source && typeof source === 'object' && !ArrayBuffer.isView(source)) {
            const sizes = args.filter((a) => typeof a === 'number');
            const [width, height] = args.length >= 9 ? sizes.slice(name === 'texImage2D' ? 3 : 4) : [source.width, source.height];
            w.__glUploadBytes.push(Number(width) * Number(height) * 4);
          }
          return original.apply(this, args);
        };
      }
      // The order of links, fences and the first questions to each program (programPrelink.ts).
      const ids = new WeakMap<object, number>();
      let lastId = 0;
      const id = (o: object) => ids.get(o) ?? (ids.set(o, ++lastId), lastId);
      const asked = new WeakSet<object>();
      const wrap = (name: string, record: (args: unknown[], result: unknown) => void) => {
        const original = proto[name] as (...args: unknown[]) => unknown;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          const result = original.apply(this, args);
          record(args, result);
          return result;
        };
      };
      wrap('linkProgram', ([program]) => w.__glProgramLog.push(`link ${id(program as object)}`));
      wrap('fenceSync', (_args, sync) => sync && w.__glProgramLog.push(`fence ${id(sync)}`));
      // ALREADY_SIGNALED, CONDITION_SATISFIED
      wrap('clientWaitSync', ([sync], status) => (status === 0x911a || status === 0x911c) && w.__glProgramLog.push(`signalled ${id(sync as object)}`));
      for (const name of ['getProgramParameter', 'getActiveUniform', 'getActiveAttrib', 'getAttribLocation', 'getUniformLocation']) {
        wrap(name, ([program, what]) => {
          // Whether a parallel link has completed (KHR_parallel_shader_compile's COMPLETION_STATUS_KHR) never waits.
          if (!program || typeof program !== 'object' || asked.has(program) || what === 0x91b1) return;
          asked.add(program);
          w.__glProgramLog.push(`ask ${id(program)}`);
        });
      }
      const getExtension = proto.getExtension as (name: string) => unknown;
      proto.getExtension = function (this: unknown, name: string) {
        w.__glExtensions.push(name);
        return getExtension.call(this, name);
      };
    }
  });
});

/**
 * The programs asked about (their attributes, uniforms or link status) before the GPU had finished their link,
 * from the page's log of links, fences and first questions: such a question makes the page wait for the link.
 * A link counts as finished once a fence sent after it has signalled.
 */
function programsAskedTooSoon(log: string[]): string[] {
  const linkedAt = new Map<string, number>();
  const fenceAt = new Map<string, number>();
  let doneUpTo = -1;
  const early: string[] = [];
  log.forEach((entry, at) => {
    const [what, id] = entry.split(' ') as [string, string];
    if (what === 'link') linkedAt.set(id, at);
    else if (what === 'fence') fenceAt.set(id, at);
    else if (what === 'signalled') doneUpTo = Math.max(doneUpTo, fenceAt.get(id) ?? -1);
    else if (what === 'ask' && linkedAt.has(id) && linkedAt.get(id)! > doneUpTo) early.push(`program ${id}`);
  });
  return early;
}

/** WebGL clears and draws issued so far. */
function glCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __glCalls: number }).__glCalls);
}

/** Fails unless the stage goes QUIET_MS without a draw within SETTLES_WITHIN_MS (a steady animation never does). */
async function expectStill(page: Page, where: string): Promise<void> {
  const deadline = Date.now() + SETTLES_WITHIN_MS;
  let drawn = 0;
  while (Date.now() < deadline) {
    const before = await glCalls(page);
    await page.waitForTimeout(QUIET_MS);
    drawn = (await glCalls(page)) - before;
    if (drawn === 0) return;
  }
  expect(drawn, `WebGL calls in the last ${QUIET_MS} ms while ${where} stood still`).toBe(0);
}

test('the entry screens start no WebGL: /hello, and /register with its master drawn in the DOM', async ({ page }) => {
  await page.goto('/hello');
  await expect(page.getByTestId('screen-hello')).toBeVisible();
  // The backdrop's motes are CSS: /hello never creates the stage.
  await page.waitForTimeout(QUIET_MS);
  await expect(page.getByTestId('stage')).toHaveCount(0);
  expect(await glCalls(page)).toBe(0);

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('screen-register')).toBeVisible();
  await expect(page.getByTestId('band-art').locator('.band-sprite')).toHaveCount(1);
  await page.getByTestId('master-next').click();
  await expect(page.getByTestId('band-art')).toHaveAttribute('data-frames', 'master-2');
  await page.waitForTimeout(QUIET_MS);
  await expect(page.getByTestId('stage')).toHaveCount(0);
  expect(await glCalls(page)).toBe(0);
});

test('home draws nothing while idle and draws again on a resize and the glide to the next slide; one WebGL context, the app\'s extensions only, uploads in strips, no wait for a link', async ({ page }) => {
  await confirmedPlayer(page);
  await finishOnboarding(page);
  await expect(page.getByTestId('home-swiper')).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expectStill(page, 'home');
  const gl = await page.evaluate(() => {
    const w = window as unknown as { __glContexts: string[]; __glExtensions: string[]; __glUploadBytes: number[]; __glProgramLog: string[] };
    return { contexts: w.__glContexts, extensions: w.__glExtensions, uploads: w.__glUploadBytes, programs: w.__glProgramLog };
  });
  // Home linked its programs (the batch programs at least) and asked none about itself before the GPU had linked it.
  expect(gl.programs.filter((e) => e.startsWith('link')).length).toBeGreaterThan(0);
  expect(programsAskedTooSoon(gl.programs), `programs asked about before their link was done (${gl.programs.join(', ')})`).toEqual([]);
  expect(gl.contexts, 'WebGL contexts made (Pixi\'s support and precision checks use the stage\'s)').toEqual(['webgl2']);
  // Pixi's two, and the parallel link's, which the warm-up polls where the driver has it (programPrelink.ts).
  expect([...new Set(gl.extensions)].sort(), 'WebGL extensions asked for').toEqual(['KHR_parallel_shader_compile', 'WEBGL_lose_context', 'WEBGL_provoking_vertex']);
  // Home's sheets went up (megabytes of them), none in a call larger than a strip.
  expect(gl.uploads.reduce((a, b) => a + b, 0)).toBeGreaterThan(4 * STRIP_BYTES);
  expect(Math.max(...gl.uploads), 'bytes of the largest single texture upload').toBeLessThanOrEqual(STRIP_BYTES);
  // A resize draws again.
  const beforeResize = await glCalls(page);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: size.height - 40 });
  await expect.poll(() => glCalls(page)).toBeGreaterThan(beforeResize);
  await expectStill(page, 'home after the resize');
  const before = await glCalls(page);
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => glCalls(page)).toBeGreaterThan(before);
  // The glide ends and the stage goes quiet again.
  await expectStill(page, 'home after the glide');
});
