// Player-facing text goes through the message catalogue (src/client/i18n): no screen of the HUD, the app
// shell or the PWA layer writes words straight into its JSX, and no module of those or of src/client/game
// gives a button label or caption as a literal (`{ label: 'Pop Eidol' }`).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { jsxLiterals, labelLiterals } from './jsxLiterals';

const ROOT = join(import.meta.dirname, '../../../..');
const COVERED = ['src/client/hud', 'src/client/app', 'src/client/pwa', 'src/client/i18n'];
/** Files left out, each with its reason. */
const EXEMPT: Record<string, string> = {
  'src/client/hud/screens/GalleryScreen.tsx': "the designers' art gallery (/gallery) checks a replacement atlas; no player sees it",
};

/** Every file under `dir` whose name matches `pattern`. */
function sourceFiles(dir: string, pattern = /\.tsx$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path, pattern) : pattern.test(e.name) ? [path] : [];
  });
}

describe('JSX text literals', () => {
  it('finds text children, string children and spoken attributes, and lets symbols pass', () => {
    const found = jsxLiterals(
      'x.tsx',
      `const a = <p title="Hint" className="row">Hello <b>{'there'}</b> {n} · ‹ × {t.ok} <img alt={\`Picture\`} /></p>;`,
    );
    expect(found.map((f) => f.text)).toEqual(['Hint', 'Hello', 'there', 'Picture']);
  });

  it('finds none in the HUD, the app shell and the PWA layer', () => {
    const offenders = COVERED.flatMap((dir) =>
      sourceFiles(join(ROOT, dir)).flatMap((file) => {
        const rel = relative(ROOT, file);
        if (EXEMPT[rel]) return [];
        return jsxLiterals(rel, readFileSync(file, 'utf8')).map((f) => `${rel}:${f.line}: ${f.text}`);
      }),
    );
    expect(offenders).toEqual([]);
  }, 60_000);

  it('finds label and caption literals in view modules, and none in the HUD, the shell, the PWA layer or the game', () => {
    expect(labelLiterals('x.ts', `const a = { label: 'Pop Eidol', path: '/pop', title: t.x, caption: '·' };`).map((f) => f.text)).toEqual([
      'Pop Eidol',
    ]);
    // The catalogue (src/client/i18n) is where such literals belong.
    const offenders = ['src/client/hud', 'src/client/app', 'src/client/pwa', 'src/client/game'].flatMap((dir) =>
      sourceFiles(join(ROOT, dir), /\.tsx?$/).flatMap((file) => {
        const rel = relative(ROOT, file);
        if (EXEMPT[rel]) return [];
        return labelLiterals(rel, readFileSync(file, 'utf8')).map((f) => `${rel}:${f.line}: ${f.text}`);
      }),
    );
    expect(offenders).toEqual([]);
  }, 60_000);
});
