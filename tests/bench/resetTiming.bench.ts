/**
 * `npm run bench:reset-timing`: how long POST /api/auth/reset-password takes for a registered e-mail, an
 * unknown one, and a baseline (an empty e-mail: validation only), through a real server on SQLite and
 * PostgreSQL (a throw-away database at TEST_PG_URL, skipped when unreachable). Prints median and p90 of
 * each, the known/unknown ratio, and how often the best single threshold tells known from unknown from
 * one request (50 % = a coin toss). The client runs in a worker thread, as a remote client would, so the
 * server's work after an answer is not charged to it; mail goes to the outbox (the embedded default).
 * Figures only, no thresholds. BENCH_SAMPLES (default 600) per kind,
 * BENCH_DIALECTS=sqlite (or postgres) for one database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { DialectName } from '../../src/server/db/database';
import { scaledRateLimits } from '../../src/server/http/rateLimit';
import { createMailer } from '../../src/server/mail/mailer';
import { registerPlayer, startTestServer } from '../support/server';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 600);
const PG_ADMIN = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const bench = (name: string, value: number, unit: string) => console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : 0)} ${unit}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Share of samples the best threshold classifies right (known above or below it, whichever is better). */
function bestThresholdAccuracy(known: number[], unknown: number[]): number {
  const all = [...known.map((v) => [v, 1] as const), ...unknown.map((v) => [v, 0] as const)].sort((a, b) => a[0] - b[0]);
  let knownBelow = 0;
  let unknownBelow = 0;
  let best = 0.5;
  for (const [, isKnown] of all) {
    if (isKnown) knownBelow++;
    else unknownBelow++;
    // "at or below the threshold → unknown": right are the unknown below and the known above.
    const right = (unknownBelow + (known.length - knownBelow)) / all.length;
    best = Math.max(best, right, 1 - right);
  }
  return best;
}

// The client, in its own thread: sends the requests in the order given and returns their times (ms).
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { url, headers, emails } = workerData;
  const out = [];
  for (const email of emails) {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ email }) });
    await res.text();
    if (res.status !== 200 && res.status !== 422) throw new Error('unexpected ' + res.status);
    out.push(performance.now() - t0);
  }
  parentPort.postMessage(out);
})().catch((e) => { throw e; });
`;

function timeInWorker(url: string, headers: Record<string, string>, emails: string[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(CLIENT, { eval: true, workerData: { url, headers, emails } });
    w.once('message', (m: number[]) => resolve(m));
    w.once('error', reject);
  });
}

async function run(dialect: DialectName): Promise<void> {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-bench-'));
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench@aeon.local', dataDir: outbox, log: { info: () => {}, error: () => {} } });
  const s = await startTestServer(dialect, PG_ADMIN, { rateLimits: scaledRateLimits(1e6), mailer });
  try {
    await registerPlayer(s, 'bench1');
    const client = s.client();
    await client.csrf();
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: client.cookieHeader(),
      'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
    };
    const kinds = { known: 'playerbench1@example.com', unknown: 'nobody-here@example.com', baseline: '' } as const;
    const order = Object.keys(kinds) as (keyof typeof kinds)[];
    // A fresh random order each round: neither kind always follows the other's background work.
    const plan: (keyof typeof kinds)[] = [];
    for (let i = 0; i < SAMPLES + 50; i++) plan.push(...[...order].sort(() => Math.random() - 0.5));
    const times = await timeInWorker(
      `${s.url}/api/auth/reset-password`,
      headers,
      plan.map((k) => kinds[k]),
    );
    const samples: Record<keyof typeof kinds, number[]> = { known: [], unknown: [], baseline: [] };
    plan.forEach((k, i) => {
      if (i >= 50 * order.length) samples[k].push(times[i]!);
    });
    const sorted = Object.fromEntries(order.map((k) => [k, [...samples[k]].sort((a, b) => a - b)])) as typeof samples;
    for (const k of order) {
      bench(`reset_request_${k}_p50_${dialect}`, pct(sorted[k], 50), 'ms');
      bench(`reset_request_${k}_p90_${dialect}`, pct(sorted[k], 90), 'ms');
    }
    bench(`reset_request_known_over_unknown_p50_${dialect}`, pct(sorted.known, 50) / pct(sorted.unknown, 50), 'x');
    bench(`reset_request_known_over_baseline_p50_${dialect}`, pct(sorted.known, 50) / pct(sorted.baseline, 50), 'x');
    bench(`reset_request_one_shot_guess_accuracy_${dialect}`, 100 * bestThresholdAccuracy(samples.known, samples.unknown), '%');
  } finally {
    await s.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  }
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
if (wanted.includes('sqlite')) await run('sqlite');
if (wanted.includes('postgres')) {
  if (await pgReachable()) await run('postgres');
  else console.info(`BENCH skipped postgres: unreachable at ${PG_ADMIN}`);
}
