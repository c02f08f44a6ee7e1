/**
 * `npx tsx scripts/art/generateSources.ts`: (re)writes the generated SVG sources in `assets/sprites/` and
 * the synthesised WAVs in `assets/audio/`. Designers may instead edit or replace files in `assets/`
 * directly; `npm run atlases` packs whatever is there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spriteSources } from './draw/catalog';
import { synthesiseAll } from './audio/synthesiseAll';

async function main(): Promise<void> {
  const root = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'assets';
  const sources = spriteSources();
  for (const s of sources) {
    const dir = path.join(root, 'sprites', s.sheet);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${s.name}.svg`), s.svg);
  }
  const sounds = process.argv.includes('--no-audio') ? [] : await synthesiseAll(path.join(root, 'audio'));
  console.info(`sources: ${sources.length} SVG frames, ${sounds.length} WAV sounds in ${root}/`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
