/**
 * `npm run bench:idle`: what a still screen costs the main thread (issue #33, "an idle screen sleeps"). In
 * Debian's Chromium with the e2e phone profile (Pixel 7), against the production build served by the real
 * server (tests/bench/front/productionServer.ts), a confirmed, logged-in player opens home, the eidol screen
 * and the Forum (alone in the room: nobody moving), waits until the screen has settled (BENCH_SETTLE_MS,
 * default 6 s: the stage starts once the page is idle, then loads its sheets) and is left alone for
 * BENCH_SECONDS (default 10). Measured over that window: main-thread busy % (CDP Performance.getMetrics'
 * TaskDuration over the wall time), script time, animation frame callbacks run and long tasks (≥ 50 ms).
 * Baselines of the same run, each measured first and last: the splash page alone (the built index.html
 * without its scripts), the issue's floor, and that splash with one line rewritten once a second (the work
 * every round screen must do: the spec's countdown). Prints `BENCH` lines with each screen's figures, both
 * baselines' and both ratios, and the goal (≤ 2× the splash). Figures only. BENCH_PORT (default 18541; its dev chain on +10000), BENCH_SKIP_BUILD=1
 * reuses dist/client, BENCH_SCREENS picks (home,eidol,forum), BENCH_THROTTLE a CPU slowdown (default 1).
 */
import { loadavg } from 'node:os';
import { chromium, devices, type Browser, type Page } from 'playwright-core';
import { SPLASH_PAGE, TICK_PAGE } from './front/baselinePages';
import { confirmedPlayer, type PlayerCookies } from './front/confirmedPlayer';
import { buildClient, startProductionServer } from './front/productionServer';

const PORT = Number(process.env.BENCH_PORT ?? 18541);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 6_000);
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 1);
const GOAL_RATIO = 2;

/** A screen: where it is, and what says it is up (tutorials dismissed, the room loaded). */
interface Screen {
  path: string;
  /** Logged in. */
  player: boolean;
  ready(page: Page): Promise<void>;
}

const screens: Record<string, Screen> = {
  splash: { path: SPLASH_PAGE, player: false, ready: async () => undefined },
  tick: { path: TICK_PAGE, player: false, ready: async () => undefined },
  home: {
    path: '/',
    player: true,
    async ready(page) {
      await page.getByTestId('screen-home').waitFor({ timeout: 60_000 });
      // The first visit's tutorial lies over the band: 1 and 2 wait for "Got it", 3 hides by itself. Tapped,
      // as on a phone: a click leaves a mouse over the page, and Chromium hit-tests it after every layout.
      for (const n of [1, 2]) {
        await page.getByTestId(`tutorial-${n}`).waitFor();
        await page.getByRole('button', { name: 'Got it' }).tap();
      }
      await page.getByTestId('tutorial-3').waitFor({ state: 'hidden', timeout: 30_000 });
    },
  },
  eidol: {
    path: '/eidol',
    player: true,
    async ready(page) {
      await page.getByTestId('screen-eidol').waitFor({ timeout: 60_000 });
    },
  },
  forum: {
    path: '/forum',
    player: true,
    async ready(page) {
      await page.getByTestId('screen-forum').waitFor({ timeout: 60_000 });
      await page.getByTestId('world-loading').waitFor({ state: 'hidden', timeout: 60_000 });
    },
  },
};
const CHOSEN = (process.env.BENCH_SCREENS ?? 'home,eidol,forum').split(',');

/** One still window's figures. */
interface Idle {
  busyPct: number;
  taskMs: number;
  scriptMs: number;
  /** Style recalculation and layout (a HUD text changing, a CSS animation the compositor cannot run alone). */
  styleMs: number;
  layoutMs: number;
  frames: number;
  longTasks: number;
  wallMs: number;
}

const step = (what: string) => console.error(`bench:idle ${what}`);

/** Counts animation frame callbacks and long tasks in the page, from before its own scripts. */
function installIdleProbe(): void {
  const w = window as unknown as { idleProbe: { frames: number; longTasks: number } };
  w.idleProbe = { frames: 0, longTasks: 0 };
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    request((time) => {
      w.idleProbe.frames++;
      callback(time);
    });
  new PerformanceObserver((list) => (w.idleProbe.longTasks += list.getEntries().length)).observe({ type: 'longtask', buffered: false });
}

/** Opens `screen`, lets it settle and measures SECONDS of it standing still. */
async function measure(browser: Browser, url: string, screen: Screen, player: PlayerCookies): Promise<Idle> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  await context.addInitScript(installIdleProbe);
  if (screen.player) await context.addCookies(player.cookies.map((c) => ({ ...c, url })));
  const page = await context.newPage();
  page.on('pageerror', (e) => step(`page error on ${screen.path}: ${e.message}`));
  try {
    await page.goto(url + screen.path);
    await screen.ready(page);
    // Off the page: Playwright's pointer stays where its last click left it and sends nothing more.
    await page.waitForTimeout(SETTLE_MS);
    const cdp = await context.newCDPSession(page);
    if (THROTTLE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const metrics = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
      return {
        task: m.TaskDuration ?? 0,
        script: m.ScriptDuration ?? 0,
        style: m.RecalcStyleDuration ?? 0,
        layout: m.LayoutDuration ?? 0,
        at: m.Timestamp ?? 0,
      };
    };
    const probe = () => page.evaluate(() => ({ ...(window as unknown as { idleProbe: { frames: number; longTasks: number } }).idleProbe }));
    const p0 = await probe();
    const m0 = await metrics();
    await page.waitForTimeout(SECONDS * 1000);
    const m1 = await metrics();
    const p1 = await probe();
    const wallMs = (m1.at - m0.at) * 1000;
    const taskMs = (m1.task - m0.task) * 1000;
    return {
      busyPct: (100 * taskMs) / wallMs,
      taskMs,
      scriptMs: (m1.script - m0.script) * 1000,
      styleMs: (m1.style - m0.style) * 1000,
      layoutMs: (m1.layout - m0.layout) * 1000,
      frames: p1.frames - p0.frames,
      longTasks: p1.longTasks - p0.longTasks,
      wallMs,
    };
  } finally {
    await context.close();
  }
}

const line = (f: Idle) =>
  `busy=${f.busyPct.toFixed(2)} % (tasks ${f.taskMs.toFixed(0)} ms, script ${f.scriptMs.toFixed(0)} ms, style ${f.styleMs.toFixed(0)} ms, layout ${f.layoutMs.toFixed(0)} ms in ${(f.wallMs / 1000).toFixed(1)} s) animation-frames=${f.frames} long-tasks=${f.longTasks}`;

/** The mean of the splash's windows (before and after the screens). */
function mean(xs: Idle[]): Idle {
  const m = (f: (x: Idle) => number) => xs.reduce((s, x) => s + f(x), 0) / xs.length;
  return {
    busyPct: m((x) => x.busyPct),
    taskMs: m((x) => x.taskMs),
    scriptMs: m((x) => x.scriptMs),
    styleMs: m((x) => x.styleMs),
    layoutMs: m((x) => x.layoutMs),
    frames: m((x) => x.frames),
    longTasks: m((x) => x.longTasks),
    wallMs: m((x) => x.wallMs),
  };
}

async function main(): Promise<void> {
  buildClient(step);
  step('starting the production server');
  const server = await startProductionServer(PORT);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  try {
    step('making a confirmed, logged-in player');
    const player = await confirmedPlayer(server.url, server.dataDir);
    const results = new Map<string, Idle[]>();
    // The baselines first and last, so drift over the run shows in them.
    for (const name of ['splash', 'tick', ...CHOSEN, 'tick', 'splash']) {
      step(`measuring ${name}`);
      const figures = await measure(browser, server.url, screens[name]!, player);
      results.set(name, [...(results.get(name) ?? []), figures]);
    }
    console.info(
      `BENCH idle setup chromium Pixel 7 profile cpu-throttle=${THROTTLE}x settle=${SETTLE_MS} ms window=${SECONDS} s load-average=${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')}`,
    );
    const baseline = (name: string, label: string, path: string): Idle => {
      const runs = results.get(name)!;
      const base = mean(runs);
      console.info(
        `BENCH idle baseline ${label} ${path} ${line(base)} (before ${runs[0]!.busyPct.toFixed(2)} %, after ${runs[1]!.busyPct.toFixed(2)} %)`,
      );
      return base;
    };
    const splash = baseline('splash', 'splash-only', SPLASH_PAGE);
    const tick = baseline('tick', 'splash+1Hz-text', TICK_PAGE);
    const ratioTo = (f: Idle, base: Idle) => (base.busyPct > 0 ? f.busyPct / base.busyPct : NaN);
    const shown = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}x` : 'n/a');
    for (const name of CHOSEN) {
      const f = results.get(name)![0]!;
      const ratio = ratioTo(f, splash);
      console.info(
        `BENCH idle ${name} ${screens[name]!.path} ${line(f)} | baseline splash-only busy=${splash.busyPct.toFixed(2)} % | ratio ${shown(ratio)} | splash+1Hz-text busy=${tick.busyPct.toFixed(2)} % ratio ${shown(ratioTo(f, tick))}`,
      );
      console.info(
        `BENCH idle ${name} goal busy ≤ ${GOAL_RATIO}× the splash: ${ratio <= GOAL_RATIO ? 'met' : `NOT met (${(f.busyPct - GOAL_RATIO * splash.busyPct).toFixed(2)} points over)`}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
