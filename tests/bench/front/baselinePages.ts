/**
 * The baselines of the front-door benches, written into the built client so the same server sends them
 * the same way (precompressed siblings, same headers): `bench-splash.html`, the built index.html with
 * every script and module preload taken out (the splash and its stylesheet alone: what the HTML and CSS
 * cost before any JS), `bench-tick.html`, that splash with one line of text rewritten once a second (the
 * floor of a screen the spec makes count down: the round clock), and `bench-tap.html`, one bare button
 * whose tap changes its own text (a tap's floor in this browser under the same throttling). Scripts are
 * files, not inline: the server's CSP allows only 'self'.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Path of the splash-only page. */
export const SPLASH_PAGE = '/bench-splash.html';
/** Path of the splash with a line counting down once a second. */
export const TICK_PAGE = '/bench-tick.html';
/** Path of the bare button page. */
export const TAP_PAGE = '/bench-tap.html';

const TAP_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>tap baseline</title>
    <script src="/bench-tap.js" defer></script>
  </head>
  <body>
    <button type="button" id="b" style="font-size: 20px; padding: 16px 32px">Tap 0</button>
  </body>
</html>
`;

const TAP_JS = `let n = 0;
const b = document.getElementById('b');
b.addEventListener('click', () => { b.textContent = 'Tap ' + ++n; });
`;

// A countdown line over the splash, written straight into its text node (styled through the CSSOM: the CSP
// refuses style attributes in markup).
const TICK_JS = `const p = document.createElement('p');
Object.assign(p.style, { position: 'fixed', left: '0', right: '0', bottom: '12%', zIndex: '10', textAlign: 'center', color: '#fff' });
document.body.append(p);
let left = 0;
const tick = () => {
  left = (left + 59) % 60;
  p.textContent = 'Next Crypto Aeon in 00:' + String(left).padStart(2, '0');
};
tick();
setInterval(tick, 1000);
`;

const FILES = ['bench-splash.html', 'bench-tick.html', 'bench-tick.js', 'bench-tap.html', 'bench-tap.js'];

/** The built index.html without scripts and module preloads. */
export function splashOnly(indexHtml: string): string {
  return indexHtml.replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/g, '');
}

function writeWithSiblings(file: string, text: string): void {
  const bytes = Buffer.from(text);
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
}

/** Writes the baseline pages into the built client `clientDir`. */
export function writeBaselinePages(clientDir: string): void {
  const index = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const splash = splashOnly(index);
  writeWithSiblings(path.join(clientDir, 'bench-splash.html'), splash);
  writeWithSiblings(
    path.join(clientDir, 'bench-tick.html'),
    splash.replace('</head>', '  <script src="/bench-tick.js" defer></script>\n  </head>'),
  );
  writeWithSiblings(path.join(clientDir, 'bench-tick.js'), TICK_JS);
  writeWithSiblings(path.join(clientDir, 'bench-tap.html'), TAP_HTML);
  writeWithSiblings(path.join(clientDir, 'bench-tap.js'), TAP_JS);
}

/** Removes them again, so the build is as `vite build` left it. */
export function removeBaselinePages(clientDir: string): void {
  for (const f of FILES) for (const s of ['', '.br', '.gz']) fs.rmSync(path.join(clientDir, f + s), { force: true });
}
