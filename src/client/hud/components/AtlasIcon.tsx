/**
 * A small atlas frame drawn into the HUD (the clock of the countdown): the frame's pixels are copied from the
 * loaded sheet into a canvas, so designers' atlas swaps reach the DOM too. Before the atlases load, or
 * where a sheet's pixels cannot be read, the `fallback` glyph shows instead. The atlas loader (and Pixi under
 * it) is imported when the icon mounts, not with the screen: home's HUD would otherwise wait for Pixi's
 * evaluation before its first render (issue #8), and the stage loads it anyway.
 */
import { useEffect, useRef, useState } from 'react';

/** Props: the frame name, the CSS size (em) and a text glyph for when the art is not there. */
export interface AtlasIconProps {
  frame: string;
  sizeEm?: number;
  fallback: string;
}

/** The icon (decorative: hidden from assistive technology; the text beside it says what it means). */
export function AtlasIcon({ frame, sizeEm = 1.2, fallback }: AtlasIconProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../engine/atlas').then(
      ({ hasTexture, loadSheetsFor, onAtlasesLoaded, texture }) => {
        if (gone) return;
        // The sheet holding the frame loads with the icon (scenes load only their own sheets).
        loadSheetsFor([frame]).catch(() => undefined);
        stop = onAtlasesLoaded(() => {
          const el = canvas.current;
          if (!el || !hasTexture(frame)) return;
          const tex = texture(frame);
          const source = tex.source.resource as CanvasImageSource | undefined;
          const ctx = el.getContext('2d');
          if (!ctx || !source) return;
          const { x, y, width, height } = tex.frame;
          const scale = tex.source.resolution || 1;
          el.width = Math.max(1, Math.round(width * scale));
          el.height = Math.max(1, Math.round(height * scale));
          try {
            ctx.drawImage(source, x * scale, y * scale, width * scale, height * scale, 0, 0, el.width, el.height);
            setDrawn(true);
          } catch {
            // an unreadable source (e.g. a GPU-only texture) keeps the glyph
          }
        });
      },
      () => undefined /* no atlas loader (offline): the glyph stays */,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [frame]);
  return (
    <span className="atlas-icon" aria-hidden="true" style={{ width: `${sizeEm}em`, height: `${sizeEm}em` }}>
      <canvas ref={canvas} style={{ display: drawn ? 'block' : 'none', width: '100%', height: '100%' }} />
      {!drawn && fallback}
    </span>
  );
}
