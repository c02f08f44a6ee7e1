/** Writes every synthesised sound as a 16-bit mono WAV into a folder; returns the names. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import wavefile from 'wavefile';
import { SOUNDS } from './sounds';
import { RATE } from './synth';

/** Renders and writes all sounds; deterministic for the same code. */
export async function synthesiseAll(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names = Object.keys(SOUNDS).sort() as (keyof typeof SOUNDS)[];
  for (const name of names) {
    const wav = new wavefile.WaveFile();
    wav.fromScratch(1, RATE, '16', SOUNDS[name]().toInt16());
    await writeFile(path.join(dir, `${name}.wav`), wav.toBuffer());
  }
  return names;
}
