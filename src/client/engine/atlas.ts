/**
 * Atlas loading for the client: fetch `/atlases/manifest.json`, pick full or half resolution for this
 * screen, load the TexturePacker JSON-hash sheets a scene asks for (or all of them) through Pixi `Assets`,
 * and look textures up by frame name. Frame names come from frameNames.ts; designers swap the `atlases/` folder without code changes.
 */
import { Assets, type Spritesheet, type Texture, type TextureSource } from 'pixi.js';
import { AtlasRegistry } from './atlasRegistry';
import { atlasManifestSchema, resolveAtlasUrl, type AtlasManifest, type AtlasResolution } from './atlasManifest';
import { ATLAS_BASE_URL, fetchAtlasJson, screenResolution } from './atlasFrames';

export { ATLAS_BASE_URL };

/** Options of loadAtlases; all optional, the defaults fit the browser. */
export interface LoadAtlasOptions {
  /** Base URL of the atlases folder (default `/atlases/`). */
  baseUrl?: string;
  /** Force a resolution (e.g. `?atlas=half` while testing); default: chosen from the screen. */
  resolution?: AtlasResolution;
  /** Fetches and returns the manifest JSON (default: window.fetch). */
  fetchJson?: (url: string) => Promise<unknown>;
  /** Loads one sheet and returns its textures by frame name (default: Pixi Assets). */
  loadSheet?: (url: string) => Promise<Record<string, Texture>>;
}

const registry = new AtlasRegistry<Texture>();
let loaded: { manifest: AtlasManifest; resolution: AtlasResolution; baseUrl: string } | null = null;
/** The manifest fetch with the options it was made with (the first load's options hold for every sheet). */
let manifestLoad: Promise<{
  manifest: AtlasManifest;
  resolution: AtlasResolution;
  baseUrl: string;
  loadSheet: NonNullable<LoadAtlasOptions['loadSheet']>;
}> | null = null;
/** One load per sheet name, shared by every scene that asks for it. */
const sheetLoads = new Map<string, Promise<void>>();
const loadListeners = new Set<() => void>();

async function defaultLoadSheet(url: string): Promise<Record<string, Texture>> {
  const sheet = await Assets.load<Spritesheet>(url);
  // A sheet cut into pages (scripts/art/packSheets.ts): Pixi loads the pages its first one lists, as linked sheets.
  return Object.assign({}, sheet.textures, ...sheet.linkedSheets.map((page) => page.textures)) as Record<string, Texture>;
}

function loadManifest(options: LoadAtlasOptions) {
  if (!manifestLoad) {
    manifestLoad = (async () => {
      const baseUrl = options.baseUrl ?? ATLAS_BASE_URL;
      const fetchJson = options.fetchJson ?? fetchAtlasJson;
      const manifest = atlasManifestSchema.parse(await fetchJson(resolveAtlasUrl(baseUrl, 'manifest.json')));
      return { manifest, resolution: options.resolution ?? screenResolution(), baseUrl, loadSheet: options.loadSheet ?? defaultLoadSheet };
    })();
    // A failed fetch (a dropped connection) is tried again by the next call.
    manifestLoad.catch(() => (manifestLoad = null));
  }
  return manifestLoad;
}

/**
 * Loads the named sheets once each (all of the manifest's when `names` is null) and resolves when they are
 * in; a scene asks only for the sheets it draws from, so a screen never waits for (nor decodes) the others.
 * Listeners of onAtlasesLoaded hear of every batch. The options of the first call hold for every later one.
 */
export async function loadSheets(names: readonly string[] | null, options: LoadAtlasOptions = {}): Promise<void> {
  const { manifest, resolution, baseUrl, loadSheet } = await loadManifest(options);
  const sheets = names === null ? manifest.sheets : manifest.sheets.filter((s) => names.includes(s.name));
  const unknown = names?.filter((n) => !manifest.sheets.some((s) => s.name === n)) ?? [];
  if (unknown.length) throw new Error(`the atlas manifest has no sheet ${unknown.join(', ')}`);
  const fresh = sheets.filter((s) => !sheetLoads.has(s.name));
  for (const sheet of fresh) {
    const load = loadSheet(resolveAtlasUrl(baseUrl, sheet[resolution])).then((textures) => registry.addSheet(sheet.name, textures));
    sheetLoads.set(sheet.name, load);
    // A sheet that failed to load (a dropped connection) is tried again by the next call.
    load.catch(() => sheetLoads.delete(sheet.name));
  }
  await Promise.all(sheets.map((s) => sheetLoads.get(s.name)));
  const first = !loaded;
  loaded = { manifest, resolution, baseUrl };
  if (first || fresh.length) for (const listener of [...loadListeners]) listener();
}

/** Loads the sheets that hold the given frames (the manifest lists each sheet's frames); unknown frames load nothing. */
export async function loadSheetsFor(frames: readonly string[], options: LoadAtlasOptions = {}): Promise<void> {
  const { manifest } = await loadManifest(options);
  await loadSheets(
    manifest.sheets.filter((s) => s.frames.some((f) => frames.includes(f))).map((s) => s.name),
    options,
  );
}

/** Loads the manifest and every sheet once (the gallery, and scenes that draw from most sheets). */
export function loadAtlases(options: LoadAtlasOptions = {}): Promise<void> {
  return loadSheets(null, options);
}

/** The texture of a frame; throws an error naming the frame when it is missing. */
export function texture(frameName: string): Texture {
  return registry.get(frameName);
}

/** Whether a frame is loaded (for optional art, e.g. an eidol skin a newer server knows). */
export function hasTexture(frameName: string): boolean {
  return registry.has(frameName);
}

/** Every loaded frame name (the gallery lists them). */
export function loadedFrameNames(): string[] {
  return registry.names();
}

/** The loaded manifest, resolution and base URL, or null before loadAtlases() resolves. */
export function loadedAtlases(): { manifest: AtlasManifest; resolution: AtlasResolution; baseUrl: string } | null {
  return loaded;
}

/** The sheet images behind every loaded frame, each once: what the GPU must hold to draw them. */
export function loadedSources(): Set<TextureSource> {
  return new Set(registry.names().map((name) => registry.get(name).source));
}

/** URL of a sound by name, ogg first then mp3 (audio plays with the mp3 where ogg is unsupported). */
export function soundUrls(name: string, baseUrl: string = ATLAS_BASE_URL): { ogg: string; mp3: string } {
  return { ogg: resolveAtlasUrl(baseUrl, `audio/${name}.ogg`), mp3: resolveAtlasUrl(baseUrl, `audio/${name}.mp3`) };
}

/**
 * Calls `listener` once the atlases are loaded (at once if they already are) and after every reload;
 * returns the unsubscribe. Scenes that may show before boot finishes draw their sprites from here.
 */
export function onAtlasesLoaded(listener: () => void): () => void {
  loadListeners.add(listener);
  if (loaded) listener();
  return () => loadListeners.delete(listener);
}

/** Forgets loaded atlases so the next loadAtlases() fetches again (tests, gallery reload). */
export function resetAtlases(): void {
  registry.clear();
  loaded = null;
  manifestLoad = null;
  sheetLoads.clear();
}
