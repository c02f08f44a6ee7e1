/**
 * Draws the risk angle into reused Graphics (FACTS.md "Visual angle"): two dotted rays from the band's bottom
 * corners leaning inward by L, lengthened by 1 + min(sec L − 1, 3); corner arcs ending at ∓(L + 170)°
 * (the right corner mirrors the left); the eye's dot sized from k. Only draws: the figures come from riskAngle.ts.
 */
import type { Graphics } from 'pixi.js';
import { arcAngles, eyeDotFactor, rayLengthFactor } from './riskAngle';

/** Rays' base length as a share of the band height. */
const RAY_SHARE = 0.55;
/** Dash and gap of the dotted rays (design px). */
const DASH = 18;
const GAP = 14;
/** Corner arc radius (design px). */
const ARC_RADIUS = 70;
/** Eye dot radius at k = 0, and growth per unit of k (design px). */
const DOT_BASE = 7;
const DOT_PER_K = 1.6;

const rad = (deg: number) => (deg * Math.PI) / 180;

function dottedRay(g: Graphics, x: number, y: number, dirDeg: number, length: number): void {
  const dx = Math.cos(rad(dirDeg));
  const dy = Math.sin(rad(dirDeg));
  for (let s = 0; s < length; s += DASH + GAP) {
    const e = Math.min(length, s + DASH);
    g.moveTo(x + dx * s, y + dy * s).lineTo(x + dx * e, y + dy * e);
  }
}

/** Redraws rays and arcs for visual angle `L` inside a band of `width` × `height` at (0, top). */
export function drawRisk(g: Graphics, L: number, colour: number, width: number, top: number, height: number): void {
  const bottom = top + height;
  const length = height * RAY_SHARE * rayLengthFactor(L);
  g.clear();
  // Vertical is −90° on a y-down canvas; the left ray leans right by L, the right ray left by L.
  dottedRay(g, 0, bottom, -90 + L, length);
  dottedRay(g, width, bottom, -90 - L, length);
  g.stroke({ width: 6, color: colour, alpha: 0.9 });
  const { left } = arcAngles(L);
  g.moveTo(ARC_RADIUS * Math.cos(rad(left)), bottom + ARC_RADIUS * Math.sin(rad(left)));
  g.arc(0, bottom, ARC_RADIUS, rad(left), rad(-90 + L));
  // The right arc is the left one mirrored (angle a ↦ 180° − a), so it ends at +(L + 170)° in the mirrored frame.
  const rStart = 180 - (-90 + L);
  const rEnd = 180 - left;
  g.moveTo(width + ARC_RADIUS * Math.cos(rad(rStart)), bottom + ARC_RADIUS * Math.sin(rad(rStart)));
  g.arc(width, bottom, ARC_RADIUS, rad(rStart), rad(rEnd));
  g.stroke({ width: 5, color: colour, alpha: 0.75 });
}

/** Redraws the eye's dot at (x, y) for the true angle θ: radius 7 + 1.6 k design px, k = min(4(sec θ − 1), 30). */
export function drawEyeDot(g: Graphics, theta: number, x: number, y: number, colour: number): void {
  const k = eyeDotFactor(theta);
  g.clear().circle(x, y, DOT_BASE + DOT_PER_K * k).fill({ color: colour });
}
