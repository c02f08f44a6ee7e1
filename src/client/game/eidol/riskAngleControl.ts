/**
 * Who owns the risk angle (spec 1 §4): the player's finger while it is down and for 4 s after the last
 * touch, then the server's multiplier. A drag is positional: the control's full height is 0–90°, so where
 * the finger is says the angle (the original's accelerating swipe law moved a 150 px drag only 3–5 %). The bid
 * is sent when the touch ends, unless the round is locked or the player's level is −1. Headless: time comes
 * from an injected `now`; the bid goes to an injected `bid` (the app's join machine, which sends it and shows
 * its answer).
 */
import { MAX_ANGLE, angleFromMultiplier, clampAngle, riskDigits, riskText, riskUnits } from './riskAngle';

/** How long the player's own angle stays in control after the last touch (spec 1 §9). */
export const OWN_ANGLE_MS = 4000;

/** What the control needs from outside. */
export interface RiskControlDeps {
  /** The injected clock (ms). */
  now(): number;
  /** Hands over the bid (`POST /api/game/join {risk, oogle_id}`): the join machine sends it and shows its answer. */
  bid(body: { risk: string; oogle_id: number }): void;
}

/** The round and eidol facts the control reads (the screen refreshes them from $game). */
export interface RiskControlContext {
  eidolId: number | null;
  /** Precision p (precise, +1 apple). */
  p: number;
  /** The server's multiplier of the eidol (1 + r). */
  multiplier: number;
  /** The round is locked (mining) or the eidol is mid-transaction. */
  locked: boolean;
  /** The player's level (−1: no eidol yet). */
  userLevel: number;
}

/** The risk-angle controller. */
export class RiskAngleControl {
  private angle = 0;
  private touch: { id: number; startY: number; startAngle: number; span: number } | null = null;
  private lastTouchAt = -Infinity;
  private ctx: RiskControlContext = { eidolId: null, p: 0, multiplier: 1, locked: true, userLevel: -1 };
  /** Bumped on every change, so a view redraws only when something moved. */
  version = 0;

  constructor(private readonly deps: RiskControlDeps) {}

  /** Current angle θ in degrees. */
  get theta(): number {
    return this.angle;
  }

  /** Whether a finger (or the mouse) is down. */
  get touching(): boolean {
    return this.touch !== null;
  }

  /** Whether the player's angle is in control (touching, or within 4 s of the last touch). */
  ownsAngle(): boolean {
    return this.touch !== null || this.deps.now() - this.lastTouchAt < OWN_ANGLE_MS;
  }

  /** Whether a bid would be accepted now. */
  canBid(): boolean {
    return !this.ctx.locked && this.ctx.userLevel !== -1 && this.ctx.eidolId !== null;
  }

  /** The risk digits and units of the current angle. */
  risk(): { digits: number; units: bigint; text: string } {
    const digits = riskDigits(this.ctx.p);
    const units = riskUnits(this.angle, digits);
    return { digits, units, text: riskText(units, digits) };
  }

  /** New round or eidol facts; the server's angle shows at once unless the player owns the angle. */
  setContext(ctx: RiskControlContext): void {
    const eidolChanged = ctx.eidolId !== this.ctx.eidolId;
    this.ctx = ctx;
    if (eidolChanged) {
      this.touch = null;
      this.lastTouchAt = -Infinity;
    }
    this.followServer();
  }

  /**
   * A finger went down at `y` on a control `spanPx` high; a second finger while one is down is ignored, as is
   * any touch that cannot bid.
   */
  touchStart(id: number, y: number, spanPx: number): void {
    if (this.touch || !this.canBid()) return;
    this.touch = { id, startY: y, startAngle: this.angle, span: Math.max(1, spanPx) };
    this.lastTouchAt = this.deps.now();
  }

  /** A finger moved (only the one that started counts): up by the control's height is +90°, down is −90°. */
  touchMove(id: number, y: number): void {
    const t = this.touch;
    if (t?.id !== id) return;
    this.lastTouchAt = this.deps.now();
    this.change(clampAngle(t.startAngle + ((t.startY - y) / t.span) * MAX_ANGLE));
  }

  /** The finger went up: the bid goes out (if the round still takes bids). */
  touchEnd(id: number): void {
    if (this.touch?.id !== id) return;
    this.touch = null;
    this.lastTouchAt = this.deps.now();
    this.commit();
  }

  /** Sets the angle directly (the keyboard / screen-reader range input); the bid follows with `commit`. */
  setAngle(theta: number): void {
    if (!this.canBid()) return;
    this.lastTouchAt = this.deps.now();
    this.change(clampAngle(theta));
  }

  /** Sends the current angle as the bid; ignored while locked or at level −1. */
  commit(): void {
    const eidolId = this.ctx.eidolId;
    if (!this.canBid() || eidolId === null) return;
    this.deps.bid({ risk: this.risk().text, oogle_id: eidolId });
  }

  /** One frame: the finger's angle stands while it is down; otherwise the server takes over after 4 s. */
  update(_deltaMs: number): void {
    if (!this.touch) this.followServer();
  }

  private followServer(): void {
    if (!this.ownsAngle()) this.change(angleFromMultiplier(this.ctx.multiplier));
  }

  private change(theta: number): void {
    if (theta === this.angle) return;
    this.angle = theta;
    this.version++;
  }
}
