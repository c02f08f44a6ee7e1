/**
 * The atlas manifest: which sheets exist at which resolution, and which sounds ship beside them.
 * Pure (no Pixi, no DOM) so the client loader, the check script and the tests share one definition.
 */
import { z } from '../../shared/zod';

/** The two packed resolutions: `full` is drawn for the 1080-wide design size, `half` at 0.5 scale. */
export const ATLAS_RESOLUTIONS = ['full', 'half'] as const;
/** One of the packed resolutions. */
export type AtlasResolution = (typeof ATLAS_RESOLUTIONS)[number];

/** A sheet of the manifest: its JSON-hash file per resolution (relative to the manifest) and its frames. */
export const manifestSheetSchema = z.object({
  name: z.string().check(z.minLength(1)),
  full: z.string().check(z.minLength(1)),
  half: z.string().check(z.minLength(1)),
  frames: z.array(z.string().check(z.minLength(1))),
});

/** A sound of the manifest: one ogg and one mp3 file, relative to the manifest. */
export const manifestSoundSchema = z.object({
  name: z.string().check(z.minLength(1)),
  loop: z.boolean(),
  ogg: z.string().check(z.minLength(1)),
  mp3: z.string().check(z.minLength(1)),
});

/** `atlases/manifest.json`: the one file the client fetches first. */
export const atlasManifestSchema = z.object({
  version: z.literal(1),
  resolutions: z.object({ full: z.number().check(z.positive()), half: z.number().check(z.positive()) }),
  sheets: z.array(manifestSheetSchema).check(z.minLength(1)),
  audio: z.array(manifestSoundSchema),
});

/** The parsed manifest. */
export type AtlasManifest = z.infer<typeof atlasManifestSchema>;
/** One sheet entry of the manifest. */
export type ManifestSheet = z.infer<typeof manifestSheetSchema>;

/** Physical pixels across below which the half-resolution sheets look the same and load four times lighter. */
export const HALF_RESOLUTION_BELOW_PX = 600;

/** Chooses the resolution for a screen: `full` unless the screen is narrow in physical pixels. */
export function pickResolution(screen: { cssWidth: number; cssHeight: number; devicePixelRatio: number }): AtlasResolution {
  const physicalShortSide = Math.min(screen.cssWidth, screen.cssHeight) * (screen.devicePixelRatio || 1);
  return physicalShortSide < HALF_RESOLUTION_BELOW_PX ? 'half' : 'full';
}

/** Joins a manifest-relative path onto the manifest's base URL (`/atlases/` in the client). */
export function resolveAtlasUrl(baseUrl: string, relative: string): string {
  return baseUrl.endsWith('/') ? baseUrl + relative : `${baseUrl}/${relative}`;
}

/** Sound names the client plays from `atlases/audio/<name>.ogg|.mp3`. */
export const SOUND_NAMES = ['onboarding', 'ambience', 'tap', 'win', 'loss', 'coin', 'levelup', 'notify'] as const;
/** A sound name. */
export type SoundName = (typeof SOUND_NAMES)[number];
/** Sounds that loop (music and ambience). */
export const LOOPING_SOUNDS: ReadonlySet<string> = new Set<SoundName>(['onboarding', 'ambience']);

/** The JSON-hash sheet subset Pixi reads (TexturePacker's format), for validating replacement sheets. */
export const jsonHashSheetSchema = z.object({
  frames: z.record(
    z.string(),
    z.object({
      frame: z.object({
        x: z.int().check(z.nonnegative()),
        y: z.int().check(z.nonnegative()),
        w: z.int().check(z.positive()),
        h: z.int().check(z.positive()),
      }),
      rotated: z.optional(z.boolean()),
      trimmed: z.optional(z.boolean()),
      sourceSize: z.optional(z.object({ w: z.number(), h: z.number() })),
    }),
  ),
  meta: z.object({
    image: z.string().check(z.minLength(1)),
    size: z.object({ w: z.int().check(z.positive()), h: z.int().check(z.positive()) }),
    scale: z.union([z.string(), z.number()]),
    /** The sheet's further pages (TexturePacker multipack), beside this file; only on the first page. */
    related_multi_packs: z.optional(z.array(z.string().check(z.minLength(1)))),
  }),
});

/** A parsed sheet JSON file (one page). */
export type JsonHashSheet = z.infer<typeof jsonHashSheetSchema>;

/** The JSON files of a sheet's pages, relative to the manifest: the first page's, then those it lists in `meta.related_multi_packs`. */
export function sheetPagePaths(firstPage: string, json: { meta: { related_multi_packs?: string[] | undefined } }): string[] {
  const dir = firstPage.includes('/') ? firstPage.slice(0, firstPage.lastIndexOf('/') + 1) : '';
  return [firstPage, ...(json.meta.related_multi_packs ?? []).map((page) => dir + page)];
}
