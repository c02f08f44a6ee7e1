/** Encodes every `*.wav` of a folder to ogg (Vorbis) and mp3 with the bundled ffmpeg, reproducibly. */
import { readdir, mkdir } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

/** Encodes `srcDir/*.wav` into `outDir/<name>.ogg` and `.mp3`; returns the names, sorted. */
export async function encodeAudio(srcDir: string, outDir: string): Promise<string[]> {
  const wavs = (await readdir(srcDir).catch(() => [] as string[])).filter((f) => f.endsWith('.wav')).sort();
  await mkdir(outDir, { recursive: true });
  const names: string[] = [];
  for (const wav of wavs) {
    const name = wav.slice(0, -4);
    const input = path.join(srcDir, wav);
    const common = ['-y', '-hide_banner', '-loglevel', 'error', '-i', input, '-fflags', '+bitexact', '-map_metadata', '-1'];
    await run(ffmpeg.path, [...common, '-c:a', 'libvorbis', '-q:a', '3', '-flags:a', '+bitexact', path.join(outDir, `${name}.ogg`)]);
    await run(ffmpeg.path, [
      ...common,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '96k',
      '-id3v2_version',
      '0',
      '-flags:a',
      '+bitexact',
      path.join(outDir, `${name}.mp3`),
    ]);
    names.push(name);
  }
  return names;
}
