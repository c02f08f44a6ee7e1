/**
 * A band's art drawn in the DOM, for the entry screens (register's master carousel, the referral landing),
 * so they never start the Pixi stage: each frame is cut from its atlas sheet (atlasFrames.ts, the same
 * manifest and JSON the stage reads) onto a small 2D canvas, placed, scaled and slid in exactly as the
 * stage's band scene draws it (bandPlacement in game/masterArea.ts), with the same soft glow behind. A
 * canvas, not a CSS background: the browser counts a background image as the page's largest paint, and
 * the master, drawn after the screen, would move it from the splash's title (issue #8's LCP).
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import type { BandArt } from '../../game/stageStores';
import { bandPlacement, MASTER_AREA_HEIGHT, MASTER_AREA_TOP } from '../../game/masterArea';
import { loadFrameRects, type FrameRect } from '../../engine/atlasFrames';
import { computeLayout, DESIGN_WIDTH, watchLayout, type Layout } from '../../engine/resize';
import { reducedMotion } from '../../engine/motion';

/** Length of the slide-in in ms (as the stage's band). */
const SLIDE_MS = 260;
/** The stage's slide easing, 1 - (1 - t)³, as a CSS curve. */
const EASE_OUT_CUBIC = 'cubic-bezier(0.33, 1, 0.68, 1)';

/** Props: the art to show and every frame it may show (their sheets load once, before the first shows). */
export interface BandArtViewProps {
  art: ReadableAtom<BandArt>;
  frames: readonly string[];
}

/** Where the band's parent sits in the HUD column (CSS px), so the art is placed in column coordinates as on the stage. */
function offsetInColumn(el: HTMLElement): { top: number; left: number } {
  const hud = el.closest('.hud');
  const band = el.parentElement;
  if (!hud || !band) return { top: 0, left: 0 };
  const b = band.getBoundingClientRect();
  const h = hud.getBoundingClientRect();
  return { top: b.top - h.top + hud.scrollTop, left: b.left - h.left };
}

/** One frame's box in the layer (CSS px): k is CSS px per full-resolution pixel, the sheet's own pixels are rect.scale of those. */
function spriteBox(rect: FrameRect, k: number, cx: number, bottom: number): CSSProperties & { width: number; height: number } {
  const w = (rect.w / rect.scale) * k;
  const h = (rect.h / rect.scale) * k;
  return { left: cx - w / 2, top: bottom - h, width: w, height: h };
}

const images = new Map<string, Promise<HTMLImageElement>>();

/** The sheet image, loaded and decoded once per URL. */
function sheetImage(url: string): Promise<HTMLImageElement> {
  let load = images.get(url);
  if (!load) {
    const img = new Image();
    img.src = url;
    load = img.decode().then(() => img);
    images.set(url, load);
    load.catch(() => images.delete(url));
  }
  return load;
}

/** One frame on a canvas the size of its box, at the screen's pixel density. */
function FrameCanvas({
  frame,
  rect,
  box,
  crisp,
}: {
  frame: string;
  rect: FrameRect;
  box: CSSProperties & { width: number; height: number };
  crisp: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const { width, height } = box;
  useEffect(() => {
    let live = true;
    sheetImage(rect.image).then(
      (img) => {
        const el = canvas.current;
        const ctx = el?.getContext('2d');
        if (!live || !el || !ctx) return;
        const dpr = window.devicePixelRatio || 1;
        el.width = Math.max(1, Math.round(width * dpr));
        el.height = Math.max(1, Math.round(height * dpr));
        // Pixel art drawn several times its packed size keeps its edges crisp, as on the stage.
        ctx.imageSmoothingEnabled = !crisp;
        ctx.drawImage(img, rect.x, rect.y, rect.w, rect.h, 0, 0, el.width, el.height);
        setDrawn(true);
      },
      (error: unknown) => console.error('the band art did not load', error),
    );
    return () => {
      live = false;
    };
  }, [rect, width, height, crisp]);
  return <canvas ref={canvas} className="band-sprite" data-frame={frame} data-image={rect.image} data-drawn={drawn} style={box} />;
}

/** The art layer; place it first inside a `.master-band`. */
export function BandArtView({ art, frames }: BandArtViewProps) {
  const shown = useStore(art);
  const [rects, setRects] = useState<Map<string, FrameRect> | null>(null);
  const [layout, setLayout] = useState<Layout>(() => computeLayout(window.innerWidth, window.innerHeight));
  const [offset, setOffset] = useState({ top: 0, left: 0 });
  const layer = useRef<HTMLDivElement>(null);
  const sprites = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    loadFrameRects(frames).then(
      (r) => live && setRects(r),
      (error: unknown) => console.error('the band art did not load', error),
    );
    return () => {
      live = false;
    };
  }, [frames]);
  useEffect(() => watchLayout(setLayout), []);
  useLayoutEffect(() => {
    if (layer.current) setOffset(offsetInColumn(layer.current));
  }, [layout]);

  const drawn = rects ? shown.frames.filter((f) => rects.has(f)) : [];
  const key = `${drawn.join(' ')}|${shown.from}`;
  // New art slides in from the side it came from, fading up, as on the stage.
  useEffect(() => {
    const el = sprites.current;
    if (!el || shown.from === 0 || reducedMotion() || typeof el.animate !== 'function') return;
    const dx = shown.from * DESIGN_WIDTH * 0.6 * layout.scale;
    el.animate(
      [
        { transform: `translateX(${dx}px)`, opacity: 0.2 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: SLIDE_MS, easing: EASE_OUT_CUBIC },
    );
    // Only a change of art slides (the layer is keyed by the art), not a resize: the layout is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const { scale, designHeight } = layout;
  const sizes = drawn.map((f) => rects!.get(f)!).map((r) => ({ w: r.w / r.scale, h: r.h / r.scale }));
  const place = bandPlacement(sizes, designHeight, DESIGN_WIDTH);
  const bandTop = designHeight * MASTER_AREA_TOP;
  const bandHeight = designHeight * MASTER_AREA_HEIGHT;
  const glow = bandHeight * 0.42 * scale;
  return (
    <div
      className="band-art"
      ref={layer}
      aria-hidden="true"
      data-testid="band-art"
      data-frames={drawn.join(' ')}
      style={{ top: -offset.top, left: -offset.left, width: layout.width }}
    >
      {drawn.length > 0 && (
        <div
          className="band-glow"
          style={{
            left: (DESIGN_WIDTH / 2) * scale - glow,
            top: (bandTop + bandHeight / 2) * scale - glow,
            width: glow * 2,
            height: glow * 2,
          }}
        />
      )}
      <div className="band-sprites" ref={sprites} key={key}>
        {drawn.map((f, i) => (
          <FrameCanvas
            key={f}
            frame={f}
            rect={rects!.get(f)!}
            box={spriteBox(rects!.get(f)!, place.fit * scale, place.centres[i]! * scale, place.bottom * scale)}
            crisp={shown.crisp === true}
          />
        ))}
      </div>
    </div>
  );
}
