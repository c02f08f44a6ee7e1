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

/** The events that count as a user's activation of the page (the HTML spec's activation-triggering input). */
const ACTIVATION_EVENTS = ['pointerdown', 'keydown', 'touchend', 'click'] as const;

/**
 * Waits for the page's first user gesture, if it has had none: before one, browsers refuse to start audio
 * (and Chromium logs a warning for every AudioContext made), so a sound asked for on arrival — the Forum's
 * ambience — starts with the player's first touch instead, and howler is not even loaded until then.
 * Returns null when audio may start now, else the wait and a way to drop it.
 */
function untilUserActivation(): { ready: Promise<void>; cancel(): void } | null {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)?.userActivation;
  if (!activation || activation.hasBeenActive) return null;
  let done = () => {};
  const ready = new Promise<void>((resolve) => (done = resolve));
  const cancel = () => ACTIVATION_EVENTS.forEach((type) => window.removeEventListener(type, onGesture, true));
  const onGesture = () => {
    cancel();
    done();
  };
  ACTIVATION_EVENTS.forEach((type) => window.addEventListener(type, onGesture, true));
  return { ready, cancel };
}

/**
 * Plays a sound once (or starts a loop) at `volume` 0..1 as soon as the page may play audio and howler has
 * loaded; returns a stop function that is always safe (called before the sound started, it keeps it from
 * starting).
 */
export function playSound(name: SoundName, volume = 1): () => void {
  if (failed.has(name)) return () => {};
  let cancelled = false;
  let stop = () => {};
  const begin = () => {
    if (cancelled) return;
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
  };
  const waiting = untilUserActivation();
  if (waiting) void waiting.ready.then(begin);
  else begin();
  return () => {
    cancelled = true;
    waiting?.cancel();
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
