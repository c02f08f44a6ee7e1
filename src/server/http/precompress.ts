/**
 * Build-time compression of the client: every compressible file of a folder gets `.br` (brotli, quality 11)
 * and `.gz` (gzip, level 9) siblings, so the server sends bytes compressed once instead of per request.
 * Used by the Vite build (vite.config.ts) and by the static-files tests on their temporary folders.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Extensions worth compressing; images and audio are already compressed formats. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.map',
  '.txt',
  '.webmanifest',
]);

/** The encodings the build writes, in the order the server prefers them, with their file suffixes. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Whether a file (by name) is one the build compresses and the server varies by Accept-Encoding. */
export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

/** Whether a name is a precompressed sibling (never served as itself). */
export function isPrecompressedSibling(file: string): boolean {
  return PRECOMPRESSED.some((p) => file.endsWith(p.suffix));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at its maximum quality; the text hint helps JS/CSS/JSON. Deterministic for a given input. */
export function brotliBytes(data: Buffer): Promise<Buffer> {
  return brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** Gzip at level 9; Node writes mtime 0 in the header, so the output depends only on the input. */
export function gzipBytes(data: Buffer): Promise<Buffer> {
  return gzip(data, { level: 9 });
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Totals of one run, for the build log and the size figures. */
export interface PrecompressReport {
  files: number;
  rawBytes: number;
  brBytes: number;
  gzBytes: number;
}

/**
 * Writes `.br` and `.gz` beside every compressible file under `dir` (recursively). A sibling that would not
 * be smaller than the original is not written (and a stale one is removed), so the server sends the
 * original instead. Existing siblings are ignored as inputs, so running twice gives the same files.
 */
export async function precompressDir(dir: string, concurrency = 2): Promise<PrecompressReport> {
  const files = (await listFiles(dir)).filter((f) => isCompressible(f) && !isPrecompressedSibling(f)).sort();
  const report: PrecompressReport = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  let next = 0;
  // A small pool: brotli 11 is CPU-heavy and the build machine may have two cores.
  const worker = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) {
      const file = files[i]!;
      const data = await fs.readFile(file);
      const [br, gz] = await Promise.all([brotliBytes(data), gzipBytes(data)]);
      report.files += 1;
      report.rawBytes += data.length;
      for (const [suffix, bytes] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (bytes.length < data.length) {
          await fs.writeFile(file + suffix, bytes);
          if (suffix === '.br') report.brBytes += bytes.length;
          else report.gzBytes += bytes.length;
        } else {
          await fs.rm(file + suffix, { force: true });
          if (suffix === '.br') report.brBytes += data.length;
          else report.gzBytes += data.length;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return report;
}
