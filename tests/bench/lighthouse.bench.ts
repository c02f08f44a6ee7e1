/**
 * `npm run bench:lighthouse`: Lighthouse's performance category with its default mobile settings (Moto G
 * Power screen, Slow 4G and ×4 CPU, simulated) in Debian's Chromium, against the production build served
 * by the real server (tests/bench/front/productionServer.ts), on /hello, /login, /register and home after
 * login (a confirmed player's cookies sent as extraHeaders). Each page is loaded BENCH_RUNS times (default
 * 3), the pages interleaved round by round so the machine's drift hits all alike; prints per page the
 * median score, FCP, LCP, TBT, CLS and JS transferred, the baseline of the same run (the built index.html
 * without its scripts: the splash and its stylesheet alone) and the ratio, when the first screen could be
 * used (the app's `screen-usable` performance mark, src/client/app/screenUsable.ts, as observed: Lighthouse
 * does not simulate marks) against when the splash page painted (observed too), then issue #8's goals (LCP ≤
 * 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02, score ≥ 95) met or not, and for a page that misses one what dominates:
 * main-thread work by kind, the scripts that cost most, the largest JS, the LCP phases. A second baseline,
 * the fixed stack alone (tests/bench/front/stackPage.ts: a React root and a Pixi Application drawing one
 * sprite from one sheet), gives home's TBT and main-thread script time a floor: their ratios to it and
 * issue #33's goal (≤ 1.5×) are printed too. Figures only.
 * BENCH_PORT (default 18521; its dev chain on +10000), BENCH_SKIP_BUILD=1 reuses dist/client,
 * BENCH_PAGES picks pages (hello,login,register,home), BENCH_SAVE_DIR keeps each run's report (JSON) and the trace
 * its simulation started from (`NAME-N.trace.json`, for Chromium's performance panel), BENCH_TRACE_CATEGORIES adds
 * trace categories to them.
 */
import fs from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { SPLASH_PAGE } from './front/baselinePages';
import { STACK_PAGE, writeStackPage } from './front/stackPage';
import { confirmedPlayer } from './front/confirmedPlayer';
import { buildClient, startProductionServer } from './front/productionServer';
import { SCREEN_USABLE_MARK } from '../../src/client/app/screenUsable';

const PORT = Number(process.env.BENCH_PORT ?? 18521);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES: Record<string, string> = { hello: '/hello', login: '/login', register: '/register', home: '/' };
const CHOSEN = (process.env.BENCH_PAGES ?? Object.keys(PAGES).join(',')).split(',');
// Where to keep each run's full report (JSON, for Lighthouse's viewer), if anywhere.
const SAVE_DIR = process.env.BENCH_SAVE_DIR;
if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true });
// Trace categories added to Lighthouse's own (e.g. disabled-by-default-v8.cpu_profiler: the saved traces then
// say which functions a long task ran; the sampling adds a little time to every task, so not for figures).
const TRACE_CATEGORIES = process.env.BENCH_TRACE_CATEGORIES ?? null;
const GOALS = { lcpMs: 2000, tbtMs: 150, cls: 0.02, score: 95 };
/** Home's TBT and script time against the fixed stack's (issue #33). */
const STACK_GOAL_RATIO = 1.5;

/** The figures of one Lighthouse run. */
interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** Main-thread script time (evaluation, parse and compile), ms. */
  scriptMs: number;
  requests: number;
  /** LCP as observed in the unthrottled load the simulation starts from. */
  observedLcpMs: number;
  /** When the first screen could be used (the app's `screen-usable` mark), as observed; NaN on a page without it. */
  usableMs: number;
  /** 1 when Lighthouse gave up waiting for the page to go quiet (its 45 s limit; TBT then counts that whole window), summed over a page's runs. */
  timedOut: number;
  lhr: Result;
}

const step = (what: string) => console.error(`bench:lighthouse ${what}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const num = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- audit details are a union of table shapes
const items = (lhr: Result, id: string): any[] => (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60);
const kb = (bytes: number) => bytes / 1024;

function figures(lhr: Result): Figures {
  const scripts = items(lhr, 'resource-summary').find((i) => i.resourceType === 'script');
  const total = items(lhr, 'resource-summary').find((i) => i.resourceType === 'total');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: num(lhr, 'first-contentful-paint'),
    lcpMs: num(lhr, 'largest-contentful-paint'),
    tbtMs: num(lhr, 'total-blocking-time'),
    cls: num(lhr, 'cumulative-layout-shift'),
    jsKb: kb(scripts?.transferSize ?? 0),
    scriptMs: items(lhr, 'mainthread-work-breakdown')
      .filter((i) => i.group === 'scriptEvaluation' || i.group === 'scriptParseCompile')
      .reduce((sum, i) => sum + Number(i.duration), 0),
    requests: total?.requestCount ?? 0,
    observedLcpMs: items(lhr, 'metrics')[0]?.observedLargestContentfulPaint ?? NaN,
    usableMs: items(lhr, 'user-timings').find((i) => i.name === SCREEN_USABLE_MARK)?.startTime ?? NaN,
    timedOut: lhr.runWarnings.some((w) => /too slowly/.test(w)) ? 1 : 0,
    lhr,
  };
}

/** The per-metric medians of a page's runs. */
function medians(runs: Figures[]): Omit<Figures, 'lhr'> {
  const m = (f: (x: Figures) => number) => median(runs.map(f));
  return {
    score: m((r) => r.score),
    fcpMs: m((r) => r.fcpMs),
    lcpMs: m((r) => r.lcpMs),
    tbtMs: m((r) => r.tbtMs),
    cls: m((r) => r.cls),
    jsKb: m((r) => r.jsKb),
    scriptMs: m((r) => r.scriptMs),
    requests: m((r) => r.requests),
    observedLcpMs: m((r) => r.observedLcpMs),
    usableMs: m((r) => r.usableMs),
    timedOut: runs.reduce((n, r) => n + r.timedOut, 0),
  };
}

const line = (f: Omit<Figures, 'lhr'>) =>
  `score=${f.score} FCP=${(f.fcpMs / 1000).toFixed(2)} s LCP=${(f.lcpMs / 1000).toFixed(2)} s TBT=${f.tbtMs.toFixed(0)} ms CLS=${f.cls.toFixed(3)} JS=${f.jsKb.toFixed(1)} KB transferred script=${f.scriptMs.toFixed(0)} ms requests=${f.requests} observed-LCP=${(f.observedLcpMs / 1000).toFixed(2)} s runs-hitting-45s-limit=${f.timedOut}`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

/** What dominates a page that misses a goal, from the run whose LCP is the median. */
function diagnose(name: string, runs: Figures[]): void {
  const lhr = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)]!.lhr;
  const work = items(lhr, 'mainthread-work-breakdown')
    .slice(0, 5)
    .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`);
  console.info(`BENCH lighthouse ${name} diag main-thread ${Math.round(num(lhr, 'mainthread-work-breakdown'))} ms: ${work.join(', ')}`);
  const boot = items(lhr, 'bootup-time')
    .slice(0, 4)
    .map((i) => `${short(String(i.url))} ${Math.round(i.total)} ms (script ${Math.round(i.scripting)} ms)`);
  console.info(`BENCH lighthouse ${name} diag JS execution ${Math.round(num(lhr, 'bootup-time'))} ms: ${boot.join(', ')}`);
  const js = items(lhr, 'network-requests')
    .filter((i) => i.resourceType === 'Script')
    .sort((a, b) => b.transferSize - a.transferSize)
    .slice(0, 4)
    .map((i) => `${short(String(i.url))} ${kb(i.transferSize).toFixed(1)} KB`);
  console.info(`BENCH lighthouse ${name} diag largest JS: ${js.join(', ')}`);
  const phases = items(lhr, 'largest-contentful-paint-element')
    .flatMap((i) => (i.type === 'table' ? i.items : []))
    .filter((p) => typeof p.timing === 'number')
    .map((p) => `${p.phase} ${Math.round(p.timing)} ms`);
  const el = items(lhr, 'largest-contentful-paint-element').find((i) => i.type === 'table' && i.items?.[0]?.node)?.items[0].node;
  console.info(`BENCH lighthouse ${name} diag LCP element ${el?.snippet?.slice(0, 80) ?? '?'} phases: ${phases.join(', ') || 'n/a'}`);
  const blocking = items(lhr, 'render-blocking-resources').map((i) => `${short(String(i.url))} ${Math.round(i.wastedMs)} ms`);
  if (blocking.length) console.info(`BENCH lighthouse ${name} diag render-blocking: ${blocking.join(', ')}`);
}

/**
 * One Lighthouse run in a Chromium of its own (a fresh profile: nothing a previous page stored, no
 * service worker, a cold HTTP cache, as for a new user).
 */
async function audit(url: string, extraHeaders: Record<string, string>): Promise<{ lhr: Result; trace: unknown }> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-quic'],
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders,
      additionalTraceCategories: TRACE_CATEGORIES,
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    return { lhr: result.lhr, trace: result.artifacts.Trace };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  buildClient(step);
  step('building the fixed-stack page');
  const removeStack = await writeStackPage(path.resolve('dist/client'));
  step('starting the production server');
  const server = await startProductionServer(PORT).catch((err: unknown) => {
    removeStack();
    throw err;
  });
  try {
    step('making a confirmed, logged-in player');
    const player = await confirmedPlayer(server.url, server.dataDir);
    const targets: [string, string, Record<string, string>][] = [
      ['baseline-splash', SPLASH_PAGE, {}],
      ['baseline-stack', STACK_PAGE, {}],
      ...CHOSEN.map((p): [string, string, Record<string, string>] => [p, PAGES[p]!, p === 'home' ? { Cookie: player.header } : {}]),
    ];
    const runs = new Map<string, Figures[]>(targets.map(([name]) => [name, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const [name, pathname, headers] of targets) {
        step(`run ${r + 1}/${RUNS} ${name}`);
        let { lhr, trace } = await audit(`${server.url}${pathname}`, headers);
        // A trace that lost its navigation start (NO_NAVSTART, now and then on a busy machine) is run again, as Lighthouse asks.
        for (let retry = 1; lhr.runtimeError && retry <= 2; retry++) {
          step(`run ${r + 1}/${RUNS} ${name} failed (${lhr.runtimeError.code}): again`);
          ({ lhr, trace } = await audit(`${server.url}${pathname}`, headers));
        }
        if (SAVE_DIR) {
          fs.writeFileSync(path.join(SAVE_DIR, `${name}-${r + 1}.json`), JSON.stringify(lhr));
          fs.writeFileSync(path.join(SAVE_DIR, `${name}-${r + 1}.trace.json`), JSON.stringify(trace));
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const w of lhr.runWarnings) step(`warning on ${name}: ${w}`);
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== pathname) throw new Error(`${name}: asked for ${pathname}, the page ended on ${landed}`);
        runs.get(name)!.push(figures(lhr));
      }
    }
    const first = runs.get('baseline-splash')![0]!.lhr;
    console.info(
      `BENCH lighthouse setup lighthouse=${first.lighthouseVersion} ${first.configSettings.formFactor} throttling=${first.configSettings.throttlingMethod} cpu=${first.configSettings.throttling.cpuSlowdownMultiplier}x rtt=${first.configSettings.throttling.rttMs} ms ${Math.round(first.configSettings.throttling.throughputKbps)} kbps runs=${RUNS} (median per metric) benchmarkIndex=${median([...runs.values()].flat().map((f) => f.lhr.environment.benchmarkIndex)).toFixed(0)} load-average=${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')}`,
    );
    const base = medians(runs.get('baseline-splash')!);
    console.info(`BENCH lighthouse baseline splash-only ${SPLASH_PAGE} ${line(base)}`);
    const stack = medians(runs.get('baseline-stack')!);
    console.info(`BENCH lighthouse baseline fixed-stack ${STACK_PAGE} ${line(stack)}`);
    for (const name of CHOSEN) {
      const m = medians(runs.get(name)!);
      console.info(
        `BENCH lighthouse ${name} ${PAGES[name]} ${line(m)} | baseline splash-only LCP=${(base.lcpMs / 1000).toFixed(2)} s TBT=${base.tbtMs.toFixed(0)} ms | ratio LCP ${ratio(m.lcpMs, base.lcpMs)} FCP ${ratio(m.fcpMs, base.fcpMs)}`,
      );
      // Observed (unthrottled) times: the mark is not simulated, so it is compared with the splash's observed paint.
      console.info(
        `BENCH lighthouse ${name} screen-usable observed=${(m.usableMs / 1000).toFixed(2)} s | baseline splash painted observed=${(base.observedLcpMs / 1000).toFixed(2)} s | ratio ${ratio(m.usableMs, base.observedLcpMs)}`,
      );
      if (name === 'home') {
        console.info(
          `BENCH lighthouse home vs fixed stack TBT=${m.tbtMs.toFixed(0)} ms script=${m.scriptMs.toFixed(0)} ms | baseline fixed-stack TBT=${stack.tbtMs.toFixed(0)} ms script=${stack.scriptMs.toFixed(0)} ms | ratio TBT ${ratio(m.tbtMs, stack.tbtMs)} script ${ratio(m.scriptMs, stack.scriptMs)}`,
        );
        const over = [
          !(m.tbtMs <= STACK_GOAL_RATIO * stack.tbtMs) && `TBT ${(m.tbtMs - STACK_GOAL_RATIO * stack.tbtMs).toFixed(0)} ms over`,
          !(m.scriptMs <= STACK_GOAL_RATIO * stack.scriptMs) &&
            `script ${(m.scriptMs - STACK_GOAL_RATIO * stack.scriptMs).toFixed(0)} ms over`,
        ].filter(Boolean);
        console.info(
          `BENCH lighthouse home goal TBT and script ≤ ${STACK_GOAL_RATIO}× the fixed stack: ${over.length ? `NOT met (${over.join('; ')})` : 'met'}`,
        );
      }
      const missed = [
        m.lcpMs > GOALS.lcpMs && `LCP over by ${((m.lcpMs - GOALS.lcpMs) / 1000).toFixed(2)} s`,
        m.tbtMs > GOALS.tbtMs && `TBT over by ${(m.tbtMs - GOALS.tbtMs).toFixed(0)} ms`,
        m.cls > GOALS.cls && `CLS over by ${(m.cls - GOALS.cls).toFixed(3)}`,
        m.score < GOALS.score && `score short by ${GOALS.score - m.score}`,
      ].filter(Boolean);
      console.info(
        `BENCH lighthouse ${name} goals LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02, score ≥ 95: ${missed.length ? `NOT met (${missed.join('; ')})` : 'met'}`,
      );
      if (missed.length) diagnose(name, runs.get(name)!);
    }
  } finally {
    await server.stop();
    removeStack();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
