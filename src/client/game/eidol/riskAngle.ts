/**
 * The risk angle, headless (FACTS.md "UI formulas", spec 1 §4 "Risk angle"): the swipe law, the angle ↔ risk
 * conversion with the eidol's precision, and the drawing figures (visual angle, rays, arcs, colour, eye dot,
 * eidol size). Pure functions: the Pixi view and the controller only call these.
 */

/** The largest angle: at 90° the expected yield is infinite. */
export const MAX_ANGLE = 90;

/** Screen pixels of vertical travel that make one unit of the swipe law. */
const SWIPE_UNIT_PX = 200;
/** Base of the swipe law's acceleration. */
const SWIPE_BASE = 3.7;
/** Divisor of the acceleration's exponent. */
const SWIPE_EXPONENT_DIV = 2000;
/** The swipe law's increment is defined per frame of the original 60 Hz loop; other rates scale to it. */
export const SWIPE_FRAME_MS = 1000 / 60;

/** Clamps an angle into [0, 90] (NaN becomes 0). */
export function clampAngle(theta: number): number {
  if (!(theta > 0)) return 0;
  return theta > MAX_ANGLE ? MAX_ANGLE : theta;
}

/** Parses a UTC "YYYY-MM-DD HH:MM:SS" time (or ISO) into epoch ms; NaN when it is not one. */
export function parseUtc(text: string): number {
  const iso = text.includes('T') ? text : `${text.replace(' ', 'T')}Z`;
  return Date.parse(iso);
}

/** True while the eidol's apple boost runs (its expiry is in the future). */
export function appleActive(apple: string | null | undefined, nowMs: number): boolean {
  if (!apple) return false;
  const until = parseUtc(apple);
  return Number.isFinite(until) && until > nowMs;
}

/** Precision p: the eidol's `precise`, +1 while an apple runs. Percent decimals shown, and the swipe law's p. */
export function precisionLevel(precise: number, apple: boolean): number {
  return Math.max(0, Math.floor(precise)) + (apple ? 1 : 0);
}

/** Decimals of the risk fraction sent to the server: p + 2 (r × 100 % shows p decimals). */
export function riskDigits(p: number): number {
  return p + 2;
}

/**
 * One frame's angle increment of a held swipe, FACTS.md's law: with dy = startY − y (from the touch start),
 * Δθ = (dy/200 · 100^p) × |3.7^(|dy/200^p| / 2000) − 1|. Sensitivity halves per precision level.
 */
export function swipeStep(dy: number, p: number): number {
  const growth = Math.abs(Math.pow(SWIPE_BASE, Math.abs(dy / Math.pow(SWIPE_UNIT_PX, p)) / SWIPE_EXPONENT_DIV) - 1);
  return (dy / SWIPE_UNIT_PX) * Math.pow(100, p) * growth;
}

/** The angle after `deltaMs` of a held swipe at `dy`, clamped to [0, 90]. */
export function advanceAngle(theta: number, dy: number, p: number, deltaMs: number): number {
  return clampAngle(theta + swipeStep(dy, p) * (deltaMs / SWIPE_FRAME_MS));
}

/** Risk r = θ/90 as integer units of 10^−digits (rounded), capped at 1 − 10^−digits. */
export function riskUnits(theta: number, digits: number): bigint {
  const scale = 10 ** digits;
  const units = Math.round((clampAngle(theta) / MAX_ANGLE) * scale);
  return BigInt(Math.min(units, scale - 1));
}

/** The risk as the decimal string the join sends ("0.1234", always `digits` decimals). */
export function riskText(units: bigint, digits: number): string {
  if (digits === 0) return '0';
  return `0.${units.toString().padStart(digits, '0')}`;
}

/** "Emanate / Risk": r × 100 with p decimals, from units of 10^−(p+2) (exact, no float rounding). */
export function riskPercentText(units: bigint, p: number): string {
  const s = units.toString().padStart(p + 1, '0');
  return p > 0 ? `${s.slice(0, -p)}.${s.slice(-p)}` : s;
}

/** The angle as the player reads it beside the risk: degrees with one decimal ("27.0°"). */
export function angleDegreesText(theta: number): string {
  return `${clampAngle(theta).toFixed(1)}°`;
}

/** The angle a server risk reads back as: θ = (multiplier − 1) × 90, clamped. */
export function angleFromMultiplier(multiplier: number): number {
  return clampAngle((multiplier - 1) * MAX_ANGLE);
}

/** The visual angle L = ln(θ + 1) × 90 / ln 91 (degrees): it drives the drawing, not the risk. */
export function visualAngle(theta: number): number {
  return (Math.log(clampAngle(theta) + 1) * MAX_ANGLE) / Math.log(MAX_ANGLE + 1);
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** sec of an angle in degrees; +∞ at 90°. */
function sec(deg: number): number {
  const c = Math.cos(toRad(deg));
  return c <= 1e-12 ? Infinity : 1 / c;
}

/** Length factor of the rays at visual angle L: 1 + min(sec L − 1, 3). */
export function rayLengthFactor(L: number): number {
  return 1 + Math.min(sec(L) - 1, 3);
}

/** The corner arcs' angles (degrees): the left corner at −(L + 170), the right at +(L + 170). */
export function arcAngles(L: number): { left: number; right: number } {
  return { left: -(L + 170), right: L + 170 };
}

/** Eye dot size factor k = min(4(sec θ − 1), 30) (from the true angle θ; 30 is the risk scale cap). */
export function eyeDotFactor(theta: number): number {
  return Math.min(4 * (sec(clampAngle(theta)) - 1), 30);
}

/** Gold at 45°. */
export const RISK_GOLD = 0xe5c44f;
/** Pink at 90°. */
export const RISK_PINK = 0xff8ee4;

function rgb(c: number): readonly [number, number, number] {
  return [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];
}

// Channels computed once: the colour is asked for on every frame of a swipe.
const BLACK = [0, 0, 0] as const;
const GOLD_RGB = rgb(RISK_GOLD);
const PINK_RGB = rgb(RISK_PINK);

function mix(a: readonly number[], b: readonly number[], t: number): number {
  const r = Math.round(a[0]! + (b[0]! - a[0]!) * t);
  const g = Math.round(a[1]! + (b[1]! - a[1]!) * t);
  const bl = Math.round(a[2]! + (b[2]! - a[2]!) * t);
  return (r << 16) | (g << 8) | bl;
}

/** The risk colour at visual angle L: black (0) → gold #E5C44F (45) → pink #FF8EE4 (90), linear blends. */
export function riskColour(L: number): number {
  const l = clampAngle(L);
  if (l <= 45) return mix(BLACK, GOLD_RGB, l / 45);
  return mix(GOLD_RGB, PINK_RGB, (l - 45) / 45);
}

/** Eidol display scale √((value − 1)/16 + 1), anchored at the bottom; values below 1 never shrink past 0. */
export function eidolScale(value: number): number {
  return Math.sqrt(Math.max(0, (value - 1) / 16 + 1));
}
