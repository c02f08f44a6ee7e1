/**
 * `npm run bench`: every bench once at a quick scale, one after another (never two at a time: they would
 * measure each other), then one table of every ratio they printed (figure, floor, ratio; `tests/bench/ratioLine.ts`)
 * with the machine's load before and after each, written between the quick-run markers of
 * `docs/performance.md` (replaced, not appended) and printed. A bench that fails is listed as failed, with its
 * exit code, and the others still run. BENCH_ONLY=ledger,start picks some.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseRatioLines, type RatioRow } from '../../tests/bench/ratioLine';

/** Each bench's npm script and the settings that make it quick (a few minutes in all on a quiet machine). */
const QUICK: { script: string; env: Record<string, string> }[] = [
  { script: 'bench:ledger', env: { BENCH_SCALE: '0.05' } },
  { script: 'bench:withdraw', env: { BENCH_SCALE: '0.1' } },
  { script: 'bench:settle', env: { BENCH_SCALE: '0.1' } },
  { script: 'bench:join', env: { BENCH_PLAYERS: '20', BENCH_JOINS: '20' } },
  { script: 'bench:walk', env: { BENCH_PLAYERS: '100', BENCH_SECONDS: '5', BENCH_OBSERVERS: '10' } },
  { script: 'bench:fanout', env: { BENCH_SOCKETS: '1000', BENCH_ROUNDS: '5' } },
  { script: 'bench:flood', env: { BENCH_SECONDS: '4', BENCH_REQUESTS: '200' } },
  { script: 'bench:reset-timing', env: { BENCH_SAMPLES: '100', BENCH_DIALECTS: 'sqlite' } },
  { script: 'bench:start', env: { BENCH_RUNS: '1' } },
  { script: 'bench:frames', env: { BENCH_FRAMES: '90', BENCH_ROUNDS: '1' } },
  { script: 'bench:tap', env: { BENCH_TAPS: '5' } },
  { script: 'bench:idle', env: { BENCH_SECONDS: '5' } },
  { script: 'bench:lighthouse', env: { BENCH_RUNS: '1' } },
];
const START = '<!-- quick-run:start -->';
const END = '<!-- quick-run:end -->';
const DOC = 'docs/performance.md';

/** One ratio of one bench, with the machine's load before and after the bench. */
interface Row extends RatioRow {
  bench: string;
  load: string;
}

const load = () => os.loadavg()[0]!.toFixed(1);

/** Runs one npm script, echoing its output; resolves with its exit code and its ratio lines. */
function runBench(script: string, env: Record<string, string>): Promise<{ code: number; ratios: RatioRow[] }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, ratios: parseRatioLines(out) }));
  });
}

const only = process.env.BENCH_ONLY?.split(',').map((s) => `bench:${s.trim()}`);
const rows: Row[] = [];
for (const { script, env } of QUICK.filter((q) => !only || only.includes(q.script))) {
  const before = load();
  console.info(
    `\n=== ${script} (${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}) load ${before}`,
  );
  const { code, ratios } = await runBench(script, env);
  const span = `${before}–${load()}`;
  if (code !== 0) rows.push({ bench: script, name: `failed (exit ${code})`, figure: '–', floor: '–', ratio: '–', load: span });
  for (const r of ratios) rows.push({ bench: script, ...r, load: span });
}

const date = new Date().toISOString().slice(0, 10);
const doc = fs.readFileSync(DOC, 'utf8');
const at = doc.indexOf(START);
// A partial run (BENCH_ONLY) replaces its own benches' rows and keeps the others'.
const ran = new Set(rows.map((r) => r.bench));
const kept =
  at < 0
    ? []
    : doc
        .slice(at, doc.indexOf(END))
        .split('\n')
        .filter((l) => /^\| `bench[^`]*` \|/.test(l) && !ran.has(/^\| `([^`]*)`/.exec(l)![1]!));
const table = [
  START,
  `Every bench at a quick scale (\`npm run bench\`, ${os.cpus().length} cores): each ratio is the bench's figure ÷ its floor from the same run.`,
  '',
  '| bench | ratio of | figure | floor (same run) | ratio | load before–after | date |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...kept,
  ...rows.map((r) => `| \`${r.bench}\` | ${r.name} | ${r.figure} | ${r.floor} | ${r.ratio} | ${r.load} | ${date} |`),
  END,
].join('\n');
const next =
  at >= 0
    ? doc.slice(0, at) + table + doc.slice(doc.indexOf(END) + END.length)
    : `${doc.trimEnd()}\n\n## \`npm run bench\` — every bench at a quick scale\n\n${table}\n`;
fs.writeFileSync(DOC, next);
console.info(`\n${table}\n(written to ${DOC})`);
