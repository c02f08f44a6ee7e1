/**
 * Dev-only gallery for designers: every atlas frame the code uses, grouped by family with its name and
 * size, drawn from the loaded atlases (so a swapped folder shows up here first), and every sound.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Texture } from 'pixi.js';
import { hasTexture, loadAtlases, loadedAtlases, loadedFrameNames, soundUrls, texture } from '../../engine/atlas';
import { frameFamilies } from '../../engine/frameNames';
import './GalleryScreen.css';

// Declared with @pixi/react on its own canvas: its chunk (the reconciler) loads only when the gallery shows it.
const RiskTintSheet = lazy(() => import('../../game/eidol/RiskTintSheet'));

/** The eidol frames under each risk tint, for the frame picked in the list. */
function RiskTints({ frames, max }: { frames: string[]; max: number }) {
  const drawn = frames.filter(hasTexture);
  const [frame, setFrame] = useState(drawn[0]);
  if (!frame) return null;
  return (
    <section>
      <h2>
        risk tints <small>(0° to 90°)</small>
      </h2>
      <select value={frame} onChange={(e) => setFrame(e.target.value)} aria-label="Frame under the risk tints">
        {drawn.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
      <Suspense fallback={<p>Loading the risk sheet…</p>}>
        <RiskTintSheet frame={frame} cell={Math.max(48, Math.round(max / 2))} />
      </Suspense>
    </section>
  );
}

/** Draws one texture into a canvas at its logical size, scaled down to fit `max` CSS pixels. */
function FrameCanvas({ tex, max }: { tex: Texture; max: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const resource = tex.source.resource as CanvasImageSource | undefined;
    if (!canvas || !resource) return;
    const res = tex.source.resolution || 1;
    const { x, y, width, height } = tex.frame;
    const k = Math.min(1, max / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * k));
    canvas.height = Math.max(1, Math.round(height * k));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(resource, x * res, y * res, width * res, height * res, 0, 0, canvas.width, canvas.height);
  }, [tex, max]);
  return <canvas ref={ref} className="gallery-canvas" />;
}

/** One sound row: play and stop, ogg with mp3 fallback. */
function SoundButton({ name, loop }: { name: string; loop: boolean }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);
  const play = () => {
    audio.current?.pause();
    const urls = soundUrls(name, loadedAtlases()?.baseUrl);
    const el = new Audio();
    el.src = el.canPlayType('audio/ogg; codecs="vorbis"') ? urls.ogg : urls.mp3;
    el.loop = loop;
    el.volume = loop ? 0.3 : 1;
    audio.current = el;
    void el.play();
  };
  return (
    <div className="gallery-sound">
      <button type="button" onClick={play}>
        ▶ {name}
      </button>
      <button type="button" onClick={() => audio.current?.pause()} aria-label={`Stop ${name}`}>
        ■
      </button>
      <span>{loop ? 'loop' : 'one-shot'}</span>
    </div>
  );
}

/** The gallery route's screen (default export: the router lazy-loads it). */
export default function GalleryScreen() {
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  const [max, setMax] = useState(160);
  const [light, setLight] = useState(false);
  useEffect(() => {
    loadAtlases().then(
      () => setState('ready'),
      (err: unknown) => setState(err instanceof Error ? err.message : String(err)),
    );
  }, []);
  if (state === 'loading') return <div className="gallery">Loading atlases…</div>;
  if (state !== 'ready') return <div className="gallery gallery-error">Atlases failed to load: {state}</div>;
  const info = loadedAtlases()!;
  const families = frameFamilies();
  const known = new Set(Object.values(families).flat());
  const unused = loadedFrameNames().filter((n) => !known.has(n));
  if (unused.length) families['not used by the code'] = unused;
  return (
    <div className={`gallery${light ? ' gallery-light' : ''}`}>
      <header className="gallery-head">
        <h1>Art gallery</h1>
        <p>
          {info.manifest.sheets.length} sheets, {loadedFrameNames().length} frames, resolution <b>{info.resolution}</b> (
          <a href="?atlas=full">full</a> / <a href="?atlas=half">half</a>)
        </p>
        <label>
          size <input type="range" min={48} max={400} value={max} onChange={(e) => setMax(Number(e.target.value))} />
        </label>
        <label>
          <input type="checkbox" checked={light} onChange={(e) => setLight(e.target.checked)} /> light background
        </label>
      </header>
      <section>
        <h2>Sounds</h2>
        <div className="gallery-sounds">
          {info.manifest.audio.map((s) => (
            <SoundButton key={s.name} name={s.name} loop={s.loop} />
          ))}
        </div>
      </section>
      <RiskTints frames={families.eidols ?? []} max={max} />
      {Object.entries(families).map(([family, frames]) => (
        <section key={family}>
          <h2>
            {family} <small>({frames.length})</small>
          </h2>
          <div className="gallery-grid">
            {frames.map((name) => (
              <figure key={name} className={hasTexture(name) ? 'gallery-frame' : 'gallery-frame gallery-missing'}>
                {hasTexture(name) ? <FrameCanvas tex={texture(name)} max={max} /> : <div className="gallery-hole">missing</div>}
                <figcaption>
                  {name}
                  {hasTexture(name) && (
                    <small>
                      {' '}
                      {texture(name).frame.width}×{texture(name).frame.height}
                    </small>
                  )}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
