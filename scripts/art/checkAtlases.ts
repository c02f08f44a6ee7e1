/**
 * `npm run atlases:check DIR [-- --allow-extra --allow-resize --reference atlases]`: run on a replacement
 * atlases folder before swapping it in. Prints every problem; exits 1 when there are errors.
 */
import path from 'node:path';
import { checkAtlasFolder } from './checkAtlasFolder';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const flagValue = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const reference = flagValue('--reference') ?? 'atlases';
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--reference') ?? 'atlases';
  const result = await checkAtlasFolder(dir, {
    reference,
    allowExtra: args.includes('--allow-extra'),
    allowResize: args.includes('--allow-resize'),
  });
  for (const w of result.warnings) console.warn(`warning: ${w}`);
  for (const e of result.errors) console.error(`error: ${e}`);
  const frames = result.frames.full.size;
  if (result.errors.length) {
    console.error(`atlases:check ${path.resolve(dir)}: ${result.errors.length} error(s), ${result.warnings.length} warning(s)`);
    return 1;
  }
  console.info(
    `atlases:check ${path.resolve(dir)}: OK (${result.manifest?.sheets.length} sheets, ${frames} frames, ${result.manifest?.audio.length} sounds, ${result.warnings.length} warning(s))`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
