/**
 * The drawn masters and inscriptions of the worlds: a master is its skin (mirrored by flip), the pipe and
 * its smoke while it holds a Puff, its name below (gold for the admin account) and its gold title badge;
 * an inscription is the scribe item with a short excerpt of its verse. Names and excerpts are sprites of
 * the scene's shared label pages (labelAtlas.ts), so a lane of masters draws from a few textures. Nodes
 * are rebuilt only when their look changes; moving one is setting its x.
 */
import { Color, Container, Graphics, Sprite } from 'pixi.js';
import { hasTexture, texture } from '../../engine/atlas';
import { itemFrame, masterFrame, PIPE_FRAME, PIPE_SMOKE_FRAMES, titleFrame } from '../../engine/frameNames';
import { titleBadge } from '../../../shared/rules/world';
import type { LabelAtlas, LabelRef, LabelStyle } from './labelAtlas';

/** What decides a master's drawing. */
export interface MasterLook {
  skinId: number;
  name: string;
  puff: boolean;
  senator: boolean;
  patricius: boolean;
  /** The admin account: its name shows gold. */
  admin: boolean;
}

/** Gold of titles and the admin's name. */
export const GOLD = 0xe5c44f;
/** Tap box of a master: half width and height (coordinates). */
export const MASTER_BOX = { halfWidth: 90, height: 260 };
/** Tap box of an inscription. */
export const SCRIBE_BOX = { halfWidth: 80, height: 190 };
/** Where a master's name hangs under its feet, and how much lower each further name lane is. */
export const NAME_Y = 6;
export const NAME_LANE_STEP = 36;
/** Where the pipe (its left middle) and its smoke (bottom centre) sit on a master facing right, and the badge's bottom. */
export const PIPE_AT = { x: 30, y: -165 };
export const SMOKE_AT = { x: 100, y: -180 };
export const BADGE_Y = -254;
/** The stand-in body when the atlas has no frame for a skin. */
export const MISSING_SKIN = { width: 120, height: 240, color: 0xf4efe2, alpha: 0.5 };
/** Characters of a verse shown on its inscription. */
export const EXCERPT_CHARS = 22;

const css = (rgb: number) => new Color(rgb).toHex();
const NAME_STYLE: LabelStyle = { id: 'name', size: 30, weight: 600, italic: false, fill: '#ffffff', stroke: css(0x120c1f), strokeWidth: 5 };
/** The admin account's name. */
const ADMIN_NAME_STYLE: LabelStyle = { ...NAME_STYLE, id: 'name-gold', fill: css(GOLD) };
const EXCERPT_STYLE: LabelStyle = { ...NAME_STYLE, id: 'excerpt', size: 26, italic: true, fill: css(GOLD) };

/** The label style of a master's name (gold for the admin account). */
export const nameStyle = (admin: boolean): LabelStyle => (admin ? ADMIN_NAME_STYLE : NAME_STYLE);

/** A look's identity: a node is rebuilt when it changes. */
export const masterLookKey = (l: MasterLook): string => `${l.skinId}|${l.name}|${+l.puff}|${+l.senator}|${+l.patricius}|${+l.admin}`;

/** The excerpt of a verse shown on its inscription. */
export function excerpt(verse: string): string {
  const flat = verse.replace(/\s+/g, ' ').trim();
  return flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;
}

function spriteOr(frame: string, fallback: () => Container): Container {
  if (!hasTexture(frame)) return fallback();
  const s = new Sprite(texture(frame));
  s.anchor.set(0.5, 1);
  return s;
}

/** A mirrored part of a master: the sprite and its x when facing right. */
interface Mirrored {
  sprite: Container;
  x: number;
}

/**
 * One drawn master as display objects, its foot at (0, 0): the own avatar (the crowd's masters are particles,
 * crowdMaster.ts). Its sprites are the root's own children (no inner container for the
 * mirrored parts): every frame a drawn master walks, Pixi recomputes the transform of each object under its
 * root, and a crowd of a hundred on screen makes that the scene's largest cost per frame.
 */
export class MasterNode {
  /** Placed by the scene (x = coordinate). */
  readonly root = new Container();
  /** The skin, pipe and smoke: mirrored one by one around the foot. */
  private readonly mirrored: Mirrored[] = [];
  private smoke: Sprite | null = null;
  private readonly name: LabelRef;
  private readonly nameSprite: Sprite;
  private nameLane = 0;
  private flipped = false;

  constructor(
    readonly key: string,
    look: MasterLook,
    labels: LabelAtlas,
  ) {
    const skin = spriteOr(masterFrame(look.skinId), () =>
      new Graphics()
        .roundRect(-MISSING_SKIN.width / 2, -MISSING_SKIN.height, MISSING_SKIN.width, MISSING_SKIN.height, 40)
        .fill({ color: MISSING_SKIN.color, alpha: MISSING_SKIN.alpha }),
    );
    this.root.addChild(skin);
    this.mirrored.push({ sprite: skin, x: 0 });
    if (look.puff && hasTexture(PIPE_FRAME)) {
      const pipe = new Sprite(texture(PIPE_FRAME));
      pipe.anchor.set(0, 0.5);
      pipe.position.set(PIPE_AT.x, PIPE_AT.y);
      this.root.addChild(pipe);
      this.mirrored.push({ sprite: pipe, x: PIPE_AT.x });
      if (hasTexture(PIPE_SMOKE_FRAMES[0])) {
        this.smoke = new Sprite(texture(PIPE_SMOKE_FRAMES[0]));
        this.smoke.anchor.set(0.5, 1);
        this.smoke.position.set(SMOKE_AT.x, SMOKE_AT.y);
        this.root.addChild(this.smoke);
        this.mirrored.push({ sprite: this.smoke, x: SMOKE_AT.x });
      }
    }
    this.name = labels.label(look.name, nameStyle(look.admin));
    const name = new Sprite(this.name.texture);
    name.anchor.set(0.5, 0);
    name.position.set(0, NAME_Y);
    this.root.addChild(name);
    this.nameSprite = name;
    const badge = titleBadge(look.senator, look.patricius);
    if (badge && hasTexture(titleFrame(badge))) {
      const b = new Sprite(texture(titleFrame(badge)));
      b.anchor.set(0.5, 1);
      b.position.set(0, BADGE_Y);
      this.root.addChild(b);
    }
  }

  /** Faces left when `flip`. */
  setFlip(flip: boolean): void {
    if (flip === this.flipped) return;
    this.flipped = flip;
    const sign = flip ? -1 : 1;
    for (const m of this.mirrored) {
      m.sprite.scale.x = sign;
      m.sprite.x = sign * m.x;
    }
  }

  /** Half the width of the name under the feet (coordinates), for the name lanes (nameLanes.ts). */
  get nameHalfWidth(): number {
    return this.nameSprite.width / 2;
  }

  /** Puts the name in lane `lane` under the feet (0: right under them); nothing is written when it is there. */
  setNameLane(lane: number): void {
    if (lane === this.nameLane) return;
    this.nameLane = lane;
    this.nameSprite.y = NAME_Y + lane * NAME_LANE_STEP;
  }

  /** Whether the node has pipe smoke to animate. */
  get smokes(): boolean {
    return this.smoke !== null;
  }

  /** Shows pipe-smoke frame `i` (0–3). */
  setSmokeFrame(i: number): void {
    if (this.smoke) this.smoke.texture = texture(PIPE_SMOKE_FRAMES[i]!);
  }

  /** Releases the node and its name. */
  destroy(): void {
    this.root.destroy({ children: true });
    this.name.release();
  }
}

/** One drawn inscription, its foot at (0, 0). */
export class ScribeNode {
  /** Placed by the scene. */
  readonly root = new Container();
  private readonly excerpt: LabelRef;

  constructor(
    readonly key: string,
    verse: string,
    labels: LabelAtlas,
  ) {
    const icon = spriteOr(itemFrame('Scribe'), () => new Graphics().rect(-50, -110, 100, 110).fill({ color: 0xe5c44f, alpha: 0.4 }));
    icon.scale.set(1.1);
    this.excerpt = labels.label(excerpt(verse), EXCERPT_STYLE);
    const text = new Sprite(this.excerpt.texture);
    text.anchor.set(0.5, 1);
    text.position.set(0, -150);
    this.root.addChild(icon, text);
  }

  /** Releases the node and its excerpt. */
  destroy(): void {
    this.root.destroy({ children: true });
    this.excerpt.release();
  }
}
