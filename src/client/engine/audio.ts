/**
 * Sounds by name from the atlases folder (`/atlases/audio/<name>.ogg`, `.mp3` fallback) through howler.
 * A missing or blocked sound is logged once and otherwise ignored: audio never breaks a screen. Howler
 * itself loads with the first sound, so screens never wait for it.
 */
import type { Howl } from 'howler';
import { soundUrls } from './atlas';
import { LOOPING_SOUNDS, type SoundName } from './atlasManifest';


const howls = new Map<SoundName, Howl>();
const failed = new Set<SoundName>();

let howler: Promise<{ Howl: typeof Howl }> | null = null;

function howl(HowlClass: typeof Howl, name: SoundName): Howl | null {
  if (failed.has(name)) return null;
  let h = howls.get(name);
  if (!h) {
    try {
      const urls = soundUrls(name);
      h = new HowlClass({
        src: [urls.ogg, urls.mp3],
        loop: LOOPING_SOUNDS.has(name),
        preload: true,
        onloaderror: (_id, err) => {
          failed.add(name);
          howls.delete(name);
          console.warn(`sound ${name} could not load`, err);
        },
        onplayerror: (_id, err) => console.warn(`sound ${name} could not play`, err),
      });
      howls.set(name, h);
    } catch (err) {
      failed.add(name);
      console.warn(`sound ${name} unavailable`, err);
      return null;
    }
  }
  return h;
}

/**
 * Plays a sound once (or starts a loop) at `volume` 0..1 as soon as howler has loaded; returns a stop
 * function that is always safe (called before the sound started, it keeps it from starting).
 */
export function playSound(name: SoundName, volume = 1): () => void {
  if (failed.has(name)) return () => {};
  let cancelled = false;
  let stop = () => {};
  howler ??= import('howler').catch((err: unknown) => {
    howler = null; // a later sound retries after a network failure
    throw err;
  });
  howler.then(
    ({ Howl: HowlClass }) => {
      if (!cancelled) stop = start(HowlClass, name, volume);
    },
    (err: unknown) => console.warn(`sound ${name} unavailable: howler did not load`, err),
  );
  return () => {
    cancelled = true;
    stop();
  };
}

function start(HowlClass: typeof Howl, name: SoundName, volume: number): () => void {
  const h = howl(HowlClass, name);
  if (!h) return () => {};
  try {
    h.volume(volume);
    const id = h.play();
    return () => {
      try {
        h.stop(id);
      } catch {
        // already unloaded
      }
    };
  } catch (err) {
    console.warn(`sound ${name} failed`, err);
    return () => {};
  }
}
