/**
 * `npm run atlases [-- --src assets --out atlases]`: packs every sheet folder of `assets/sprites/` at
 * full and half resolution, encodes `assets/audio/*.wav` to ogg + mp3, and writes `manifest.json`.
 */
import { readdir, mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { packSheet } from './packSheets';
import { encodeAudio } from './encodeAudio';
import { LOOPING_SOUNDS, type AtlasManifest } from '../../src/client/engine/atlasManifest';

/** Builds a complete atlases folder from a sources folder; returns the manifest it wrote. */
export async function buildAtlases(
  srcDir: string,
  outDir: string,
  opts: { maxWidth?: number; audio?: boolean } = {},
): Promise<AtlasManifest> {
  const spritesDir = path.join(srcDir, 'sprites');
  const sheets = (await readdir(spritesDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  await rm(path.join(outDir, 'full'), { recursive: true, force: true });
  await rm(path.join(outDir, 'half'), { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const manifest: AtlasManifest = { version: 1, resolutions: { full: 1, half: 0.5 }, sheets: [], audio: [] };
  for (const sheet of sheets) {
    const frames = await packSheet(path.join(spritesDir, sheet), sheet, 'full', outDir, opts.maxWidth);
    await packSheet(path.join(spritesDir, sheet), sheet, 'half', outDir, opts.maxWidth);
    manifest.sheets.push({ name: sheet, full: `full/${sheet}.json`, half: `half/${sheet}.json`, frames });
  }
  if (opts.audio !== false) {
    const sounds = await encodeAudio(path.join(srcDir, 'audio'), path.join(outDir, 'audio'));
    manifest.audio = sounds.map((name) => ({ name, loop: LOOPING_SOUNDS.has(name), ogg: `audio/${name}.ogg`, mp3: `audio/${name}.mp3` }));
  }
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

async function main(): Promise<void> {
  const arg = (flag: string, fallback: string): string => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const started = performance.now();
  const manifest = await buildAtlases(arg('--src', 'assets'), arg('--out', 'atlases'), { audio: !process.argv.includes('--no-audio') });
  const frames = manifest.sheets.reduce((n, s) => n + s.frames.length, 0);
  console.info(
    `atlases: ${manifest.sheets.length} sheets, ${frames} frames, ${manifest.audio.length} sounds in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
