/**
 * A transparent strip of the HUD column where the stage draws (eidol, candles, number chart): it measures
 * itself into `$eidolBands` (design px, unscrolled) on mount and whenever it resizes, never per frame.
 */
import { useLayoutEffect, useRef, type HTMLAttributes } from 'react';
import { computeLayout } from '../../../engine/resize';
import { $eidolBands, type EidolBands } from '../../../game/eidol/eidolStores';

/** Props: which band it is; other props go to the div (pointer handlers of the eidol band). */
export interface StageBandProps extends HTMLAttributes<HTMLDivElement> {
  band: keyof EidolBands;
}

/** The band's div. */
export function StageBand({ band, className, ...rest }: StageBandProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const column = el.closest('.hud') ?? document.body;
      const scale = computeLayout(window.innerWidth, window.innerHeight).scale;
      const top = el.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop;
      $eidolBands.set({ ...$eidolBands.get(), [band]: { top: top / scale, height: el.offsetHeight / scale } });
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      $eidolBands.set({ ...$eidolBands.get(), [band]: null });
    };
  }, [band]);
  return <div ref={ref} className={`stage-band ${band} ${className ?? ''}`} {...rest} />;
}
