// `npm run size`: reads the client build's Vite manifest (dist/client/.vite/manifest.json), prints the JS
// that loads before the first screen, the chunks each lazy module (screens, stage, scenes) adds, and fails
// past the budgets of issue #8. Run after `vite build`; `npm test` runs it right after the build step.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.resolve(process.argv[2] ?? 'dist/client');
const KB = 1024;

/**
 * Budgets in gzip bytes. The goals: JS before first paint ≤ 170 KB; all JS for the entry screens and
 * home ≤ 300 KB. Both are met (2026-11-28: home's stage made with Pixi directly, @pixi/react's reconciler off
 * home's path, 335 → 296.2 KB), so the budgets are the goals: no weight may come back above them.
 */
const BUDGETS = {
  firstPaint: 170 * KB,
  entryAndHome: 300 * KB,
};

/**
 * Lazy modules that the entry screens and home load (their screens, the stage with its scenes and atlas
 * loader, the Pixi browser extensions its init imports (the app's list, src/client/engine/pixi-internals/buildPlugins.ts),
 * howler for onboarding's music, the socket after login): with the first-paint set they make the "entry screens and home" total. A source missing from
 * the manifest's dynamic entries is bundled into a chunk counted anyway (or no longer exists).
 */
const ENTRY_AND_HOME_SOURCES = [
  /^src\/client\/hud\/screens\/(Hello|Login|Register|Referral|ResetRequest|NewPassword|VerifyEmail|Onboarding|Home)Screen\.tsx$/,
  /^src\/client\/app\/(StageHost|PixiStage)\.tsx$/,
  /^src\/client\/engine\/atlas\.ts$/,
  /^src\/client\/game\/sceneForRoute\.ts$/,
  /^src\/client\/engine\/pixiBrowserExtensions\.ts$/,
  /^node_modules\/howler\//,
  /^node_modules\/socket\.io-client\//,
  /^src\/client\/app\/sessionServices\.ts$/,
];

const manifestFile = path.join(OUT, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`size: ${path.relative(process.cwd(), manifestFile)} is missing: run \`npx vite build\` first (build.manifest is on)`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzCache = new Map();
/** Gzip size of an output file (level 9, as the build's precompression writes it). */
function gzip(file) {
  if (!gzCache.has(file)) {
    const raw = fs.readFileSync(path.join(OUT, file));
    gzCache.set(file, { raw: raw.length, gz: zlib.gzipSync(raw, { level: 9 }).length });
  }
  return gzCache.get(file);
}

/** Output JS files a manifest key loads statically (itself and its static imports, transitively). */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, into);
  return into;
}

const sum = (files) => [...files].reduce((t, f) => ({ raw: t.raw + gzip(f).raw, gz: t.gz + gzip(f).gz }), { raw: 0, gz: 0 });
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const line = (label, s) => console.info(`${label.padEnd(76)} ${kb(s.raw).padStart(10)} raw ${kb(s.gz).padStart(9)} gzip`);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('size: the manifest has no entry chunk');
  process.exit(1);
}
// The entry only lets index.html's splash paint, then imports the app (src/client/app/start.tsx), whose chunks
// the page preloads: the JS the first screen waits for is both, with their static imports.
const firstPaint = staticClosure(entryKey);
for (const key of manifest[entryKey].dynamicImports ?? []) staticClosure(key, firstPaint);

console.info(`JS before the first screen (${entryKey}, the app it imports once the splash has painted, and their static imports):`);
for (const f of firstPaint) line(`  ${f}`, gzip(f));
const firstPaintTotal = sum(firstPaint);
line('  total', firstPaintTotal);

// Every lazy module: the chunks it adds on top of the first-paint set.
const entryAndHome = new Set(firstPaint);
console.info('\nLazy modules (chunks added beyond first paint):');
const lazyKeys = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .sort();
for (const key of lazyKeys) {
  const added = [...staticClosure(key)].filter((f) => !firstPaint.has(f));
  const counted = ENTRY_AND_HOME_SOURCES.some((re) => re.test(key));
  if (counted) for (const f of added) entryAndHome.add(f);
  line(`  ${counted ? '*' : ' '} ${key} (${added.length} chunk${added.length === 1 ? '' : 's'})`, sum(added));
}
console.info('  (* counted in the entry screens and home total)');

const allJs = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => c.file);
const entryAndHomeTotal = sum(entryAndHome);
console.info('');
line('JS before first paint', firstPaintTotal);
line('JS for the entry screens and home', entryAndHomeTotal);
line('All JS of the build', sum(new Set(allJs)));

const failures = [];
if (firstPaintTotal.gz > BUDGETS.firstPaint)
  failures.push(`JS before first paint is ${kb(firstPaintTotal.gz)} gzip, budget ${kb(BUDGETS.firstPaint)}`);
if (entryAndHomeTotal.gz > BUDGETS.entryAndHome)
  failures.push(`JS for the entry screens and home is ${kb(entryAndHomeTotal.gz)} gzip, budget ${kb(BUDGETS.entryAndHome)}`);
console.info(`\nbudgets: before first paint ≤ ${kb(BUDGETS.firstPaint)} gzip, entry screens and home ≤ ${kb(BUDGETS.entryAndHome)} gzip`);

// A renderer knows only the Pixi pipes registered before it started: a scene's lazy chunk that registers one
// (its module's `extensions.add`) leaves that kind undrawable and crashes the stage. The stage imports them.
const stageKey = Object.keys(manifest).find((k) => /^src\/client\/app\/StageHost\.tsx$/.test(k));
const stageFiles = stageKey ? staticClosure(stageKey, new Set(firstPaint)) : firstPaint;
const PIXI_EXTENSION = /\.extension=\{type:\[([^\]]*)\],name:`([A-Za-z]+)`/g;
// The stage is WebGL: a pipe or system only for the WebGPU or canvas renderers never reaches it.
const OTHER_RENDERERS = /^(\s*[\w$]+\.(CanvasPipes|WebGPUPipes|CanvasSystem|WebGPUSystem)\s*,?)+$/;
const misplaced = [];
for (const key of lazyKeys.filter((k) => /^src\/client\/game\//.test(k))) {
  for (const f of staticClosure(key)) {
    if (stageFiles.has(f)) continue;
    const names = [...fs.readFileSync(path.join(OUT, f), 'utf8').matchAll(PIXI_EXTENSION)]
      .filter((m) => !OTHER_RENDERERS.test(m[1]))
      .map((m) => m[2]);
    if (names.length)
      misplaced.push(`${key} loads Pixi extensions (${[...new Set(names)].join(', ')}) in ${f}: import them in StageHost.tsx`);
  }
}
if (failures.length || misplaced.length) {
  for (const f of failures) console.error(`OVER BUDGET: ${f}`);
  for (const m of misplaced) console.error(`LATE PIXI EXTENSION: ${m}`);
  process.exit(1);
}
console.info('size: within budget');
