/**
 * The quiet backdrop behind every screen: the column's gradient, and for screens without a scene of their
 * own, motes of flux that drift up and settle. They are CSS: the compositor moves them, so they cost the
 * main thread nothing and need no WebGL (a phone that only sees the entry screens never starts the stage).
 */
import { memo, type CSSProperties } from 'react';

const MOTES = 28;
/** How far a mote rises, in design pixels per unit of its speed (its drift time at full strength plus half the settling). */
const RISE_PER_SPEED = 4750;

/** Deterministic pseudo-random numbers (a fixed seed keeps the backdrop identical between visits). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** The motes' places, sizes, colours and rises (design pixels; CSS scales them with --hud-scale). */
export function motes(): Array<{ x: number; yFraction: number; radius: number; gold: boolean; rise: number }> {
  const rnd = lcg(11);
  return Array.from({ length: MOTES }, () => {
    const radius = 3 + rnd() * 7;
    const gold = rnd() > 0.5;
    const x = rnd() * 1080;
    const yFraction = rnd();
    const rise = (0.01 + rnd() * 0.03) * RISE_PER_SPEED;
    return { x, yFraction, radius, gold, rise };
  });
}

const MOTE_STYLES: CSSProperties[] = motes().map((m) => ({
  left: `calc(${m.x - m.radius}px * var(--hud-scale, 0.36))`,
  top: `${(m.yFraction * 100).toFixed(2)}%`,
  width: `calc(${2 * m.radius}px * var(--hud-scale, 0.36))`,
  height: `calc(${2 * m.radius}px * var(--hud-scale, 0.36))`,
  background: m.gold ? 'var(--gold)' : 'var(--pink)',
  ['--rise' as string]: `calc(${-m.rise}px * var(--hud-scale, 0.36))`,
}));

/** The backdrop; `motes` on the screens that have neither a scene on the stage nor a band of art (sceneRoutes.ts). */
export const Backdrop = memo(function Backdrop({ motes: withMotes }: { motes: boolean }) {
  return (
    <div className="backdrop" aria-hidden="true">
      {withMotes && MOTE_STYLES.map((style, i) => <span key={i} className="mote" style={style} />)}
    </div>
  );
});
