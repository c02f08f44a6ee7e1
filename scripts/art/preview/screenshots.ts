/**
 * `npx tsx scripts/art/preview/screenshots.ts BASE_URL OUT_DIR`: screenshots of the gallery, the Forum
 * and Ditch previews and the register master picker against a running `npx vite`, in a phone viewport.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:5173', out = '/tmp/art/shots'] = process.argv.slice(2);
const shots: { name: string; path: string; full?: boolean; wait: (title: string) => boolean }[] = [
  { name: 'forum-ledger-chest', path: '/scripts/art/preview/forum.html?x=8300', wait: (t) => t.startsWith('ready') },
  { name: 'forum-incense-eye', path: '/scripts/art/preview/forum.html?x=11900', wait: (t) => t.startsWith('ready') },
  { name: 'forum-caravan-store', path: '/scripts/art/preview/forum.html?x=21100', wait: (t) => t.startsWith('ready') },
  { name: 'ditch', path: '/scripts/art/preview/forum.html?world=ditch&x=400', wait: (t) => t.startsWith('ready') },
  { name: 'register', path: '/register', wait: () => true },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 405, height: 720 }, deviceScaleFactor: 2 });
  page.on('pageerror', (e) => console.warn('page error:', e.message));
  // the gallery on a designer's desktop, tall enough to hold every family
  const desk = await browser.newPage({ viewport: { width: 1600, height: 5200 }, deviceScaleFactor: 1 });
  await desk.goto(`${base}/gallery`, { waitUntil: 'networkidle' });
  await desk.waitForTimeout(2500);
  await desk.screenshot({ path: `${out}/gallery.png` });
  console.info(`${out}/gallery.png`);
  await desk.goto(`${base}/gallery?atlas=half`, { waitUntil: 'networkidle' });
  await desk.waitForTimeout(2500);
  await desk.screenshot({ path: `${out}/gallery-half.png`, clip: { x: 0, y: 0, width: 1600, height: 1400 } });
  console.info(`${out}/gallery-half.png`);
  for (const s of shots) {
    await page.goto(base + s.path, { waitUntil: 'networkidle' });
    const until = Date.now() + 10_000;
    while (!s.wait(await page.title()) && Date.now() < until) await page.waitForTimeout(200);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${s.name}.png`, fullPage: s.full ?? false });
    console.info(`${out}/${s.name}.png`);
  }
} finally {
  await browser.close();
}
