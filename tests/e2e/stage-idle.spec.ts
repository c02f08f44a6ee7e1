/**
 * The stage draws only when something changes (issue #8; engine/pixi-internals/renderOnDemand.ts): every WebGL
 * draw is counted in the page (the prototype methods wrapped before the app loads), and a still screen must
 * issue none for seconds on end, while a change — a resize, a slide — draws again; and a still home asks for no
 * animation frame at all (the stage's tickers sleep, issue #33). Screens without a scene
 * (/hello, /login, /register, whose master is drawn in the DOM) stand on the CSS backdrop and never start WebGL.
 * This runs the real pixi.js in real Chromium: it fails if the render group's change lists renderOnDemand reads
 * are gone (the stage would then never draw, or never stop). On a pixi.js the fence was not written for, the
 * patch is off: the page warns once and Pixi draws every tick, as it ships, until the pin moves.
 */
import { expect, test, type Page } from '@playwright/test';
import { installedPixiVersion } from '../../src/client/engine/pixi-internals/buildPlugins';
import { PIXI_WRITTEN_FOR } from '../../src/client/engine/pixi-internals/version';
import { confirmedPlayer, finishOnboarding } from './support/player';

/** The installed pixi.js is the release renderOnDemand was written for: the patch runs in the built client. */
const PINNED = installedPixiVersion() === PIXI_WRITTEN_FOR;
/** The fence's warning when it turns the stage's patches off (pixi-internals/fence.ts). */
const FENCE_OFF = /the stage's patches of Pixi internals are off/;

/** A still stage draws nothing for this long. */
const QUIET_MS = 2_500;
/** How long a screen may take to go still: the stage starts once the screen has painted and the page is idle,
 * then its scene loads its atlas sheets (slow on a loaded machine) and draws. */
const SETTLES_WITHIN_MS = 25_000;

// Each screen may take up to SETTLES_WITHIN_MS to go still, and home first needs a confirmed player.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // Animation frame callbacks run (Pixi's tickers, or anything else asking the browser for frames).
    const frames = window as unknown as { __rafCalls: number };
    frames.__rafCalls = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      request((time) => {
        frames.__rafCalls++;
        callback(time);
      });
    const counted = ['clear', 'drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'] as const;
    const w = window as unknown as { __glCalls: number };
    w.__glCalls = 0;
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Array<Record<string, unknown>>) {
      for (const name of counted) {
        const original = proto[name] as ((...args: unknown[]) => unknown) | undefined;
        if (!original) continue;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          w.__glCalls++;
          return original.apply(this, args);
        };
      }
    }
  });
});

/** WebGL clears and draws issued so far. */
function glCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __glCalls: number }).__glCalls);
}

/** Animation frame callbacks run so far. */
function rafCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __rafCalls: number }).__rafCalls);
}

/** A sleeping page asks for no animation frame over this long. */
const SLEEP_MS = 1_000;

/** Fails unless the page runs no animation frame for SLEEP_MS within SETTLES_WITHIN_MS of going still. */
async function expectAsleep(page: Page, where: string): Promise<void> {
  const deadline = Date.now() + SETTLES_WITHIN_MS;
  let frames = 0;
  while (Date.now() < deadline) {
    const before = await rafCalls(page);
    await page.waitForTimeout(SLEEP_MS);
    frames = (await rafCalls(page)) - before;
    if (frames === 0) return;
  }
  expect(frames, `animation frames in the last ${SLEEP_MS} ms while ${where} stood still`).toBe(0);
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

test('home draws nothing while idle, sleeps (no animation frame at all), and draws again on a resize and the glide to the next slide', async ({
  page,
}) => {
  // The console's warnings since the page last loaded (the fence warns once per load).
  const warnings: string[] = [];
  page.on('domcontentloaded', () => (warnings.length = 0));
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await confirmedPlayer(page);
  await finishOnboarding(page);
  await expect(page.getByTestId('home-swiper')).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Got it' }).click();
  if (!PINNED) {
    // The patch is off: one warning, and the still stage is drawn every tick by Pixi's own ticker.
    const before = await glCalls(page);
    await page.waitForTimeout(QUIET_MS);
    expect(await glCalls(page)).toBeGreaterThan(before);
    expect(warnings.filter((text) => FENCE_OFF.test(text))).toHaveLength(1);
    return;
  }
  expect(warnings.filter((text) => FENCE_OFF.test(text))).toHaveLength(0);
  await expectStill(page, 'home');
  // Not only no draw: the stage's tickers stop, so the page asks the browser for no frame at all.
  await expect(page.getByTestId('stage')).toHaveCount(1);
  await expectAsleep(page, 'home');
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
  await expectAsleep(page, 'home after the glide');
});
