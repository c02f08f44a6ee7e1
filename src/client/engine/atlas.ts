/**
 * Atlas loading for the client: fetch `/atlases/manifest.json`, pick full or half resolution for this
 * screen, load every TexturePacker JSON-hash sheet through Pixi `Assets`, and look textures up by frame
 * name. Frame names come from frameNames.ts; designers swap the `atlases/` folder without code changes.
 */
import { Assets, type Spritesheet, type Texture } from 'pixi.js';
import { AtlasRegistry } from './atlasRegistry';
import {
  atlasManifestSchema,
  pickResolution,
  resolveAtlasUrl,
  type AtlasManifest,
  type AtlasResolution,
} from './atlasManifest';

/** Where the client finds the atlases folder. */
export const ATLAS_BASE_URL = '/atlases/';

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
let inFlight: Promise<void> | null = null;
const loadListeners = new Set<() => void>();

async function defaultFetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Could not load ${url}: HTTP ${res.status}`);
  return res.json();
}

async function defaultLoadSheet(url: string): Promise<Record<string, Texture>> {
  const sheet = await Assets.load<Spritesheet>(url);
  return sheet.textures as Record<string, Texture>;
}

function screenResolution(): AtlasResolution {
  if (typeof window === 'undefined') return 'full';
  const forced = new URLSearchParams(window.location.search).get('atlas');
  if (forced === 'full' || forced === 'half') return forced;
  return pickResolution({
    cssWidth: window.screen?.width ?? window.innerWidth,
    cssHeight: window.screen?.height ?? window.innerHeight,
    devicePixelRatio: window.devicePixelRatio,
  });
}

async function loadAll(options: LoadAtlasOptions): Promise<void> {
  const baseUrl = options.baseUrl ?? ATLAS_BASE_URL;
  const fetchJson = options.fetchJson ?? defaultFetchJson;
  const loadSheet = options.loadSheet ?? defaultLoadSheet;
  const manifest = atlasManifestSchema.parse(await fetchJson(resolveAtlasUrl(baseUrl, 'manifest.json')));
  const resolution = options.resolution ?? screenResolution();
  const sheets = await Promise.all(
    manifest.sheets.map(async (sheet) => ({
      name: sheet.name,
      textures: await loadSheet(resolveAtlasUrl(baseUrl, sheet[resolution])),
    })),
  );
  registry.clear();
  for (const sheet of sheets) registry.addSheet(sheet.name, sheet.textures);
  loaded = { manifest, resolution, baseUrl };
  for (const listener of [...loadListeners]) listener();
}

/** Loads the manifest and every sheet once; later calls return the same promise. */
export function loadAtlases(options: LoadAtlasOptions = {}): Promise<void> {
  if (!inFlight) {
    inFlight = loadAll(options).catch((err: unknown) => {
      inFlight = null; // let a later call retry after a network failure
      throw err;
    });
  }
  return inFlight;
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
  inFlight = null;
}
