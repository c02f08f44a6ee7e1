/**
 * The risk angle's drawing (FACTS.md "Visual angle"): two dotted rays from the eidol band's bottom corners,
 * leaning inward by L and lengthened by 1 + min(sec L − 1, 3); corner arcs ending at ∓(L + 170)° (the right
 * corner mirrors the left); the eye's dot sized from k = min(4(sec θ − 1), 30); everything in the risk colour.
 *
 * A swipe changes the angle every frame, so nothing is rebuilt per frame: the rays are one white geometry
 * turned and stretched by their transforms, the dot a unit circle scaled, the colour a tint; the arcs (their
 * sweep changes with L) come from a cache of geometries per quarter degree, built once each.
 */
import { Container, Graphics, GraphicsContext } from 'pixi.js';
import { arcAngles, eyeDotFactor, rayLengthFactor } from './riskAngle';

/** Rays' base length as a share of the band height. */
const RAY_SHARE = 0.55;
/** Dash and gap of the dotted rays at length factor 1 (design px). */
const DASH = 18;
const GAP = 14;
/** Corner arc radius (design px). */
const ARC_RADIUS = 70;
/** Eye dot radius at k = 0, and growth per unit of k (design px). */
const DOT_BASE = 7;
const DOT_PER_K = 1.6;
/** Arc geometries are cached per this step of L (degrees). */
const ARC_STEP = 0.25;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The risk drawing: add `view` to the scene, call `layout` when the band moves and `set` when the angle changes. */
export class RiskDrawing {
  /** Everything the risk drawing shows. */
  readonly view = new Container();
  private readonly rayContext = new GraphicsContext();
  private readonly leftRay = new Graphics(this.rayContext);
  private readonly rightRay = new Graphics(this.rayContext);
  private readonly leftArc = new Graphics();
  private readonly rightArc = new Graphics();
  private readonly dot = new Graphics(new GraphicsContext().circle(0, 0, 1).fill({ color: 0xffffff }));
  private readonly arcs = new Map<number, GraphicsContext>();

  constructor() {
    // The right corner is the left one mirrored: same geometry, x flipped.
    this.rightRay.scale.x = -1;
    this.rightArc.scale.x = -1;
    this.view.addChild(this.leftRay, this.rightRay, this.leftArc, this.rightArc, this.dot);
  }

  /** Places the rays at the bottom corners of a band `width` wide from `top`, `height` high; the eye dot at (eyeX, eyeY). */
  layout(width: number, top: number, height: number, eyeX: number, eyeY: number): void {
    const bottom = top + height;
    const length = height * RAY_SHARE;
    this.rayContext.clear();
    for (let s = 0; s < length; s += DASH + GAP) this.rayContext.moveTo(0, -s).lineTo(0, -Math.min(length, s + DASH));
    this.rayContext.stroke({ width: 6, color: 0xffffff, alpha: 0.9 });
    this.leftRay.position.set(0, bottom);
    this.rightRay.position.set(width, bottom);
    this.leftArc.position.set(0, bottom);
    this.rightArc.position.set(width, bottom);
    this.dot.position.set(eyeX, eyeY);
  }

  /** Shows the true angle θ at visual angle L in `colour`. */
  set(theta: number, L: number, colour: number): void {
    // A vertical ray turned clockwise by L leans right: inward from the left corner; the right one turns back.
    this.leftRay.rotation = rad(L);
    this.rightRay.rotation = -rad(L);
    this.leftRay.scale.y = this.rightRay.scale.y = rayLengthFactor(L);
    this.leftArc.context = this.rightArc.context = this.arc(L);
    const r = DOT_BASE + DOT_PER_K * eyeDotFactor(theta);
    this.dot.scale.set(r);
    this.leftRay.tint = this.rightRay.tint = this.leftArc.tint = this.rightArc.tint = this.dot.tint = colour;
  }

  /** Shows or hides the eye dot (no eye art: no dot). */
  showDot(visible: boolean): void {
    this.dot.visible = visible;
  }

  /** Frees the cached geometries. */
  destroy(): void {
    this.view.destroy({ children: true });
    for (const c of this.arcs.values()) c.destroy();
    this.arcs.clear();
  }

  private arc(L: number): GraphicsContext {
    const key = Math.round(L / ARC_STEP);
    let ctx = this.arcs.get(key);
    if (!ctx) {
      const l = key * ARC_STEP;
      const { left } = arcAngles(l);
      ctx = new GraphicsContext()
        .moveTo(ARC_RADIUS * Math.cos(rad(left)), ARC_RADIUS * Math.sin(rad(left)))
        .arc(0, 0, ARC_RADIUS, rad(left), rad(-90 + l))
        .stroke({ width: 5, color: 0xffffff, alpha: 0.75 });
      this.arcs.set(key, ctx);
    }
    return ctx;
  }
}
