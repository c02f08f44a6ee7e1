/**
 * Atlas frames for the DOM, without Pixi: where a frame sits in its sheet image, read from the same
 * manifest and TexturePacker JSON the stage loads (atlas.ts), at the resolution this screen needs. The
 * entry screens draw their art as CSS sprites from it (BandArtView.tsx), so they never start WebGL, and a
 * designer who swaps the `atlases/` folder changes them too.
 */
import {
  atlasManifestSchema,
  jsonHashSheetSchema,
  pickResolution,
  resolveAtlasUrl,
  sheetPagePaths,
  type AtlasManifest,
  type AtlasResolution,
  type JsonHashSheet,
} from './atlasManifest';

/** Where the client finds the atlases folder. */
export const ATLAS_BASE_URL = '/atlases/';

/** One frame as a CSS sprite: the sheet image and the frame's rectangle in it, in the image's pixels. */
export interface FrameRect {
  image: string;
  /** The sheet image's size. */
  sheetW: number;
  sheetH: number;
  /** The frame's rectangle in the image. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Image pixels per full-resolution pixel (the sheet's `meta.scale`: 0.5 for the half sheets). */
  scale: number;
}

/** The resolution the atlases load at on this screen (`?atlas=full|half` forces one while testing). */
export function screenResolution(): AtlasResolution {
  if (typeof window === 'undefined') return 'full';
  const forced = new URLSearchParams(window.location.search).get('atlas');
  if (forced === 'full' || forced === 'half') return forced;
  return pickResolution({
    cssWidth: window.screen?.width ?? window.innerWidth,
    cssHeight: window.screen?.height ?? window.innerHeight,
    devicePixelRatio: window.devicePixelRatio,
  });
}

/** Fetches an atlas JSON file (the manifest or a sheet's), failing on an HTTP error. */
export async function fetchAtlasJson(url: string): Promise<unknown> {
  // The manifest and sheets keep their names when a designer swaps them: always ask whether they changed.
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Could not load ${url}: HTTP ${res.status}`);
  return res.json();
}

let manifestLoad: Promise<AtlasManifest> | null = null;
const sheetLoads = new Map<string, Promise<Map<string, FrameRect>>>();

function manifest(): Promise<AtlasManifest> {
  if (!manifestLoad) {
    manifestLoad = fetchAtlasJson(resolveAtlasUrl(ATLAS_BASE_URL, 'manifest.json')).then((json) => atlasManifestSchema.parse(json));
    // A failed fetch (a dropped connection) is tried again by the next call.
    manifestLoad.catch(() => (manifestLoad = null));
  }
  return manifestLoad;
}

/** The frames of one page (a sheet JSON file), read into `rects`. */
function pageRects(jsonPath: string, sheet: JsonHashSheet, rects: Map<string, FrameRect>): void {
  const dir = jsonPath.includes('/') ? jsonPath.slice(0, jsonPath.lastIndexOf('/') + 1) : '';
  const image = resolveAtlasUrl(ATLAS_BASE_URL, dir + sheet.meta.image);
  const scale = Number(sheet.meta.scale) || 1;
  for (const [name, f] of Object.entries(sheet.frames)) {
    // A rotated frame would need a rotated sprite: the packer never rotates (scripts/art/packSheets.ts).
    if (f.rotated) continue;
    rects.set(name, { image, sheetW: sheet.meta.size.w, sheetH: sheet.meta.size.h, ...f.frame, scale });
  }
}

const readPage = async (jsonPath: string) => jsonHashSheetSchema.parse(await fetchAtlasJson(resolveAtlasUrl(ATLAS_BASE_URL, jsonPath)));

function sheetRects(jsonPath: string): Promise<Map<string, FrameRect>> {
  let load = sheetLoads.get(jsonPath);
  if (!load) {
    load = readPage(jsonPath).then(async (first) => {
      const rects = new Map<string, FrameRect>();
      pageRects(jsonPath, first, rects);
      // A sheet cut into pages lists the others on its first.
      const more = sheetPagePaths(jsonPath, first).slice(1);
      for (const [i, page] of (await Promise.all(more.map(readPage))).entries()) pageRects(more[i]!, page, rects);
      return rects;
    });
    sheetLoads.set(jsonPath, load);
    load.catch(() => sheetLoads.delete(jsonPath));
  }
  return load;
}

/** The rectangles of the given frames (only their sheets load); frames no sheet holds are left out. */
export async function loadFrameRects(
  frames: readonly string[],
  resolution: AtlasResolution = screenResolution(),
): Promise<Map<string, FrameRect>> {
  const sheets = (await manifest()).sheets.filter((s) => s.frames.some((f) => frames.includes(f)));
  const all = await Promise.all(sheets.map((s) => sheetRects(s[resolution])));
  const out = new Map<string, FrameRect>();
  for (const rects of all) for (const name of frames) if (rects.has(name)) out.set(name, rects.get(name)!);
  return out;
}
