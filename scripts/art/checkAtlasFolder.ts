/**
 * Validates an atlases folder (the shipped one or a designer's replacement): manifest shape, every
 * sheet's JSON-hash and PNG at both resolutions, the frame names the code uses (missing or extra),
 * frame sizes against a reference folder and between resolutions, and the sounds.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  ATLAS_RESOLUTIONS,
  LOOPING_SOUNDS,
  SOUND_NAMES,
  atlasManifestSchema,
  jsonHashSheetSchema,
  sheetPagePaths,
  type AtlasManifest,
  type AtlasResolution,
} from '../../src/client/engine/atlasManifest';
import { allFrameNames } from '../../src/client/engine/frameNames';
import { MAX_PAGE_PIXELS } from './packSheets';
import { readSheetPages } from './sheetPages';

/** Options of the check. */
export interface CheckOptions {
  /** Frame names the code needs (default: everything frameNames.ts can produce). */
  required?: string[];
  /** A known-good folder whose full-resolution frame sizes the replacement must keep. */
  reference?: string;
  /** Report frames the code does not use as warnings instead of errors. */
  allowExtra?: boolean;
  /** Report size changes against the reference as warnings instead of errors. */
  allowResize?: boolean;
}

/** The verdict: errors fail the check, warnings are printed. */
export interface CheckResult {
  errors: string[];
  warnings: string[];
  frames: Record<AtlasResolution, Map<string, { w: number; h: number; sheet: string }>>;
  manifest: AtlasManifest | null;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );
}

/** Reads the frame sizes of a folder at one resolution (no validation; for the reference). */
async function frameSizes(dir: string, res: AtlasResolution): Promise<Map<string, { w: number; h: number; sheet: string }>> {
  const manifest = atlasManifestSchema.parse(await readJson(path.join(dir, 'manifest.json')));
  const out = new Map<string, { w: number; h: number; sheet: string }>();
  for (const sheet of manifest.sheets) {
    for (const { json } of await readSheetPages(dir, sheet[res])) {
      for (const [name, f] of Object.entries(json.frames)) out.set(name, { w: f.frame.w, h: f.frame.h, sheet: sheet.name });
    }
  }
  return out;
}

/** Checks a folder; never throws for problems in the folder, it reports them. */
export async function checkAtlasFolder(dir: string, opts: CheckOptions = {}): Promise<CheckResult> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const frames: CheckResult['frames'] = { full: new Map(), half: new Map() };
  let manifest: AtlasManifest;
  try {
    const parsed = atlasManifestSchema.safeParse(await readJson(path.join(dir, 'manifest.json')));
    if (!parsed.success) {
      errors.push(`manifest.json has the wrong shape: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return { errors, warnings, frames, manifest: null };
    }
    manifest = parsed.data;
  } catch (err) {
    errors.push(`manifest.json cannot be read: ${(err as Error).message}`);
    return { errors, warnings, frames, manifest: null };
  }

  for (const res of ATLAS_RESOLUTIONS) {
    for (const sheet of manifest.sheets) {
      const listed = new Set(sheet.frames);
      // A sheet cut into pages (scripts/art/packSheets.ts): its first page lists the others.
      const pages = [sheet[res]];
      for (let i = 0; i < pages.length; i++) {
        const page = pages[i]!;
        const file = path.join(dir, page);
        let json;
        try {
          const parsed = jsonHashSheetSchema.safeParse(await readJson(file));
          if (!parsed.success) {
            errors.push(`${page}: not a JSON-hash sheet (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`);
            continue;
          }
          json = parsed.data;
        } catch (err) {
          errors.push(`${page}: cannot be read (${(err as Error).message})`);
          continue;
        }
        if (i === 0) pages.push(...sheetPagePaths(page, json).slice(1));
        else if (json.meta.related_multi_packs?.length)
          errors.push(`${page}: only the first page of a sheet (${sheet[res]}) lists its pages`);
        if (Number(json.meta.scale) !== manifest.resolutions[res])
          errors.push(`${page}: meta.scale is ${json.meta.scale}, the ${res} resolution needs ${manifest.resolutions[res]}`);
        const image = path.join(path.dirname(file), json.meta.image);
        const meta = await sharp(image)
          .metadata()
          .catch(() => null);
        if (!meta) errors.push(`${page}: image ${json.meta.image} is missing or not an image`);
        else if (meta.width !== json.meta.size.w || meta.height !== json.meta.size.h)
          errors.push(`${page}: image is ${meta.width}×${meta.height} but meta.size says ${json.meta.size.w}×${json.meta.size.h}`);
        else if (meta.width * meta.height > MAX_PAGE_PIXELS)
          warnings.push(
            `${page}: image is ${meta.width}×${meta.height}, over ${MAX_PAGE_PIXELS} pixels: a phone uploads it in one long task (cut it into pages: npm run atlases does)`,
          );
        for (const [name, f] of Object.entries(json.frames)) {
          const { x, y, w, h } = f.frame;
          if (f.rotated) errors.push(`${page}: frame "${name}" is rotated; pack without rotation`);
          if (x + w > json.meta.size.w || y + h > json.meta.size.h) errors.push(`${page}: frame "${name}" lies outside the image`);
          const other = frames[res].get(name);
          if (other) errors.push(`frame "${name}" is in two sheets (${other.sheet}, ${sheet.name}) at ${res}`);
          frames[res].set(name, { w, h, sheet: sheet.name });
          if (!listed.has(name)) errors.push(`${page}: frame "${name}" is not listed in manifest sheet "${sheet.name}"`);
          listed.delete(name);
        }
      }
      for (const name of listed) errors.push(`manifest lists frame "${name}" but ${sheet[res]} lacks it`);
    }
  }

  const required = opts.required ?? allFrameNames();
  for (const res of ATLAS_RESOLUTIONS) {
    for (const name of required) if (!frames[res].has(name)) errors.push(`missing frame "${name}" at ${res} resolution`);
  }
  const needed = new Set(required);
  for (const name of frames.full.keys()) {
    if (!needed.has(name)) (opts.allowExtra ? warnings : errors).push(`extra frame "${name}" is not used by the code (a typo of a name?)`);
  }
  const ratio = manifest.resolutions.half / manifest.resolutions.full;
  for (const [name, full] of frames.full) {
    const half = frames.half.get(name);
    if (!half) {
      if (!needed.has(name)) errors.push(`frame "${name}" is at full but not at half resolution`);
      continue;
    }
    if (Math.abs(half.w - full.w * ratio) > 1 || Math.abs(half.h - full.h * ratio) > 1)
      errors.push(`frame "${name}": half is ${half.w}×${half.h}, expected about ${full.w * ratio}×${full.h * ratio}`);
  }
  for (const name of frames.half.keys())
    if (!frames.full.has(name) && !needed.has(name)) errors.push(`frame "${name}" is at half but not at full resolution`);

  if (opts.reference && path.resolve(opts.reference) !== path.resolve(dir)) {
    const ref = await frameSizes(opts.reference, 'full');
    for (const [name, f] of frames.full) {
      const r = ref.get(name);
      if (r && (r.w !== f.w || r.h !== f.h))
        (opts.allowResize ? warnings : errors).push(
          `frame "${name}" is ${f.w}×${f.h}, the current atlas has ${r.w}×${r.h} (layout may shift)`,
        );
    }
  }

  const sounds = new Map(manifest.audio.map((s) => [s.name, s]));
  for (const name of SOUND_NAMES) {
    const s = sounds.get(name);
    if (!s) {
      errors.push(`missing sound "${name}" in manifest.audio`);
      continue;
    }
    for (const f of [s.ogg, s.mp3]) if (!(await exists(path.join(dir, f)))) errors.push(`sound "${name}": file ${f} is missing or empty`);
    if (s.loop !== LOOPING_SOUNDS.has(name)) warnings.push(`sound "${name}": loop is ${s.loop}, expected ${LOOPING_SOUNDS.has(name)}`);
  }
  return { errors, warnings, frames, manifest };
}
