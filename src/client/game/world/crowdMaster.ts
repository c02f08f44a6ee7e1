/**
 * A master of the crowd (someone else's avatar) drawn as particles of the scene's CrowdLayer: its skin, the
 * pipe and its smoke while it holds a Puff, its gold title badge, and its name from the shared label pages
 * (names in the tier over the bodies). Placing it writes its particles' x; facing left mirrors the skin, pipe
 * and smoke around the foot. The look (worldAvatars.ts) is the own avatar's: the same frames, offsets and styles.
 */
import { Particle, Texture } from 'pixi.js';
import { hasTexture, texture } from '../../engine/atlas';
import { masterFrame, PIPE_FRAME, PIPE_SMOKE_FRAMES, titleFrame } from '../../engine/frameNames';
import { titleBadge } from '../../../shared/rules/world';
import type { CrowdLayer } from './crowdLayer';
import type { LabelAtlas, LabelRef } from './labelAtlas';
import { BADGE_Y, MISSING_SKIN, NAME_LANE_STEP, NAME_Y, nameStyle, PIPE_AT, SMOKE_AT, type MasterLook } from './worldAvatars';

/** One particle of the master: its offset from the foot facing right, and whether facing left mirrors it. */
interface Part {
  p: Particle;
  dx: number;
  /** Its scale's size facing right (the stand-in skin is a stretched white quad). */
  scaleX: number;
  mirrored: boolean;
  tier: 0 | 1;
}

/** One master of the crowd, its foot at (x, 0). */
export class CrowdMaster {
  private readonly parts: Part[] = [];
  private readonly name: LabelRef;
  private readonly namePart: Part;
  private readonly smoke: Part | null = null;
  private at = 0;
  private flipped = false;
  private nameLane = 0;
  private drawn = false;

  constructor(
    readonly key: string,
    look: MasterLook,
    labels: LabelAtlas,
    private readonly crowd: CrowdLayer,
  ) {
    const skin = masterFrame(look.skinId);
    if (hasTexture(skin)) this.part(texture(skin), 0.5, 1, 0, 0, true);
    else {
      const w = Texture.WHITE;
      const part = this.part(w, 0.5, 1, 0, 0, true, MISSING_SKIN.width / w.width);
      part.p.scaleY = MISSING_SKIN.height / w.height;
      part.p.tint = MISSING_SKIN.color;
      part.p.alpha = MISSING_SKIN.alpha;
    }
    if (look.puff && hasTexture(PIPE_FRAME)) {
      this.part(texture(PIPE_FRAME), 0, 0.5, PIPE_AT.x, PIPE_AT.y, true);
      if (hasTexture(PIPE_SMOKE_FRAMES[0])) this.smoke = this.part(texture(PIPE_SMOKE_FRAMES[0]), 0.5, 1, SMOKE_AT.x, SMOKE_AT.y, true);
    }
    const badge = titleBadge(look.senator, look.patricius);
    if (badge && hasTexture(titleFrame(badge))) this.part(texture(titleFrame(badge)), 0.5, 1, 0, BADGE_Y, false);
    this.name = labels.label(look.name, nameStyle(look.admin));
    this.namePart = this.part(this.name.texture, 0.5, 0, 0, NAME_Y, false, 1, 1);
  }

  /** The foot's coordinate. */
  get x(): number {
    return this.at;
  }

  /** Puts the foot at `x`: a write to each particle, nothing else. */
  set x(x: number) {
    if (x === this.at) return;
    this.at = x;
    const sign = this.flipped ? -1 : 1;
    for (const part of this.parts) part.p.x = x + (part.mirrored ? sign * part.dx : part.dx);
  }

  /** Whether the master is drawn. */
  get shown(): boolean {
    return this.drawn;
  }

  /** Draws or stops drawing the master. */
  setShown(shown: boolean): void {
    if (shown === this.drawn) return;
    this.drawn = shown;
    for (const part of this.parts) {
      if (shown) this.crowd.add(part.p, part.tier);
      else this.crowd.remove(part.p);
    }
  }

  /** Faces left when `flip`. */
  setFlip(flip: boolean): void {
    if (flip === this.flipped) return;
    this.flipped = flip;
    const sign = flip ? -1 : 1;
    for (const part of this.parts) {
      if (!part.mirrored) continue;
      part.p.scaleX = sign * part.scaleX;
      part.p.x = this.at + sign * part.dx;
      this.crowd.restyled(part.p);
    }
  }

  /** Whether it faces left. */
  get flip(): boolean {
    return this.flipped;
  }

  /** Half the width of the name under the feet (coordinates), for the name lanes (nameLanes.ts). */
  get nameHalfWidth(): number {
    return this.name.texture.width / 2;
  }

  /** The name's particle (tests read where it hangs). */
  get nameParticle(): Particle {
    return this.namePart.p;
  }

  /** Its particles: the skin first, then the pipe and smoke, the badge, the name (tests read them). */
  get particles(): readonly Particle[] {
    return this.parts.map((part) => part.p);
  }

  /** The skin's particle (tests read its frame and facing). */
  get skinParticle(): Particle {
    return this.parts[0]!.p;
  }

  /** Puts the name in lane `lane` under the feet (0: right under them); nothing is written when it is there. */
  setNameLane(lane: number): void {
    if (lane === this.nameLane) return;
    this.nameLane = lane;
    this.namePart.p.y = NAME_Y + lane * NAME_LANE_STEP;
  }

  /** Whether the master has pipe smoke to animate. */
  get smokes(): boolean {
    return this.smoke !== null;
  }

  /** Shows pipe-smoke frame `i` (0–3). */
  setSmokeFrame(i: number): void {
    if (this.smoke) this.crowd.retexture(this.smoke.p, texture(PIPE_SMOKE_FRAMES[i]!), this.smoke.tier);
  }

  /** Stops drawing the master and releases its name. */
  destroy(): void {
    this.setShown(false);
    this.name.release();
  }

  private part(t: Texture, anchorX: number, anchorY: number, dx: number, y: number, mirrored: boolean, scaleX = 1, tier: 0 | 1 = 0): Part {
    const part: Part = { p: new Particle({ texture: t, anchorX, anchorY, x: this.at + dx, y }), dx, scaleX, mirrored, tier };
    part.p.scaleX = scaleX;
    this.parts.push(part);
    return part;
  }
}
