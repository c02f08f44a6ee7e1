/**
 * Every atlas frame name the code draws. Designers keep these names when they swap an atlas; a test checks
 * that each one exists in every atlas of the manifest. Code must take frame names from here, never inline.
 */

/** Master (investor) skin ids 1–6, facing right; the code flips them. */
export const MASTER_SKIN_IDS = [1, 2, 3, 4, 5, 6] as const;
/** Master (investor) skin ids 1–6, facing right; the code flips them. */
export const masterFrame = (skinId: number): string => `master-${skinId}`;

/** The Puff pipe drawn at a master's mouth when the master holds a Puff item. */
export const PIPE_FRAME = 'pipe';
/** Pipe smoke animation, frames 1–4 in order. */
export const PIPE_SMOKE_FRAMES = ['pipe-smoke-1', 'pipe-smoke-2', 'pipe-smoke-3', 'pipe-smoke-4'] as const;
/** Title marks: S (senator), P (patricius), SP (both). */
export type TitleMark = 'S' | 'P' | 'SP';
/** Frame of a title mark badge. */
export const titleFrame = (title: TitleMark): string => `title-${title.toLowerCase()}`;
/** Ring under a selected master. */
export const SELECTION_RING_FRAME = 'selection-ring';
/** Like-heart animation: small, full, bursting. */
export const LIKE_HEART_FRAMES = ['heart-1', 'heart-2', 'heart-3'] as const;

/** Egg tiers as the shop and `POST /oogle/buy` name them. */
export const EGG_TYPES = ['egg1', 'egg2', 'egg3', 'egg4'] as const;
/** An egg tier. */
export type EggType = (typeof EGG_TYPES)[number];
/** Frame of an egg tier (the frame name equals the egg type). */
export const eggFrame = (type: EggType): string => type;
/** The empty-slot egg (home swiper placeholder for an extra eidol). */
export const EMPTY_EGG_FRAME = 'egg-empty';
/** Eggtoplasm jar stages 0 (empty) … 4 (filled). */
export const EGGTOPLASM_STAGES = 5;
/** Frame of an eggtoplasm jar at fill `fraction` 0..1 (experience / next level experience). */
export const eggtoplasmFrame = (fraction: number): string =>
  `eggtoplasm-${Math.max(0, Math.min(EGGTOPLASM_STAGES - 1, Math.floor(fraction * (EGGTOPLASM_STAGES - 1))))}`;
/** Eidol collections. */
export const EIDOL_COLLECTIONS = ['basic', 'spooky'] as const;
/** Eidol rarities (mythic is the rarest). */
export const EIDOL_RARITIES = ['common', 'rare', 'epic', 'mythic'] as const;
/** Skins drawn per collection × rarity. */
export const EIDOL_SKINS_PER_RARITY = 3;
/** An eidol collection. */
export type EidolCollection = (typeof EIDOL_COLLECTIONS)[number];
/** An eidol rarity. */
export type EidolRarity = (typeof EIDOL_RARITIES)[number];
/**
 * Frame of an eidol: collection × rarity × skin (1-based; any positive number wraps onto the drawn skins,
 * so a server-side skin id always finds art). Unknown collections and rarities fall back to basic/common.
 */
export function eidolFrame(collection: string, rarity: string, skin: number): string {
  const c = (EIDOL_COLLECTIONS as readonly string[]).includes(collection) ? collection : 'basic';
  const r = (EIDOL_RARITIES as readonly string[]).includes(rarity) ? rarity : 'common';
  const s = ((Math.max(1, Math.floor(skin)) - 1) % EIDOL_SKINS_PER_RARITY) + 1;
  return `eidol-${c}-${r}-${s}`;
}
/** The higher form an eidol transmutes into at level 11. */
export const EGREGORI_FRAME = 'egregori';
/** The highest form. */
export const EGOD_FRAME = 'egod';
/** Shown for an eidol whose value fell to 0 (Confirm Loss). */
export const LOSS_FRAME = 'eidol-loss';
/** The risk "eye" that follows the risk angle. */
export const RISK_EYE_FRAME = 'risk-eye';

/** Item types of the specs (the server's `type` field). */
export const ITEM_TYPES = [
  'Indulgence',
  'Cooptoken',
  'Scribe',
  'Tax',
  'Incense',
  'Map',
  'Puff',
  'Extract',
  'Coincookie',
  'Ectojar',
  'Tome',
  'Apple',
] as const;
/** An item type. */
export type ItemType = (typeof ITEM_TYPES)[number];
const ITEM_ALIASES: Record<string, ItemType> = {
  cookie: 'Coincookie',
  goldencookie: 'Coincookie',
  coop: 'Cooptoken',
  gdao: 'Cooptoken',
  commendation: 'Tax',
};
/** Icon frame of an item type; accepts the spec's aliases (Cookie, Golden Cookie, Coop, gDAO) in any case. */
export function itemFrame(type: string): string {
  const key = type.replace(/[\s_-]/g, '').toLowerCase();
  const known = ITEM_TYPES.find((t) => t.toLowerCase() === key) ?? ITEM_ALIASES[key];
  return `item-${(known ?? 'Indulgence').toLowerCase()}`;
}

/** Home swiper slides. */
export const HOME_SLIDE_FRAMES = { shop: 'slide-shop', forum: 'slide-forum', ref: 'slide-ref' } as const;
/** Small home icons. */
export const CLOCK_FRAME = 'icon-clock';
/** Lock icon (locked eidol, locked round). */
export const LOCK_FRAME = 'icon-lock';
/** Swipe hint (a hand with arrows). */
export const SWIPE_HINT_FRAME = 'icon-swipe';
/** Coin icon. */
export const COIN_FRAME = 'icon-coin';

/** The two worlds. */
export const WORLDS = ['forum', 'ditch'] as const;
/** A world. */
export type WorldName = (typeof WORLDS)[number];
/** World width in map coordinates (spec 3). */
export const WORLD_LENGTH: Record<WorldName, number> = { forum: 22620, ditch: 6256 };
/** Horizontally tiling layers, back to front: parallax (slowest), rear, front (ground). */
export const WORLD_LAYERS = ['parallax', 'rear', 'front'] as const;
/** A world layer. */
export type WorldLayer = (typeof WORLD_LAYERS)[number];
/** Frame of a tiling world layer. */
export const worldLayerFrame = (world: WorldName, layer: WorldLayer): string => `${world}-${layer}`;

/** Caravan goods thresholds (spec 3 §4): the picture changes at 1, 3, 5, 7 and 9 items. */
export const CARAVAN_STAGES = [0, 1, 3, 5, 7, 9] as const;
/** Frame of the caravan/pony with `items` goods (0 = no goods). */
export function caravanFrame(items: number): string {
  const stage = [...CARAVAN_STAGES].reverse().find((s) => items >= s) ?? 0;
  return `prop-caravan-${stage}`;
}
/** Frame of incense burner `slot` (1–3), lit or not. */
export const incenseFrame = (slot: 1 | 2 | 3, lit: boolean): string => `prop-incense-${slot}-${lit ? 'lit' : 'unlit'}`;
/** Incense smoke animation frames 1–4. */
export const INCENSE_SMOKE_FRAMES = ['incense-smoke-1', 'incense-smoke-2', 'incense-smoke-3', 'incense-smoke-4'] as const;
/** Frame of the chest, open or closed (locked treasury). */
export const chestFrame = (open: boolean): string => (open ? 'prop-chest-open' : 'prop-chest-closed');
/** The world props at their zones (spec 3 §2), the gates and the edges. */
export const PROP_FRAMES = {
  notes: 'prop-notes',
  goldenState: 'prop-goldenstate',
  chartBall: 'prop-chartball',
  quests: 'prop-quests',
  ledger: 'prop-ledger',
  mint: 'prop-mint',
  taxBox: 'prop-taxbox',
  eyePanel: 'prop-eye-panel',
  funding: 'prop-funding',
  mail: 'prop-mail',
  store: 'prop-store',
  gateEntry: 'prop-gate-4833',
  gateSenate: 'prop-gate-10631',
  olympiaEdge: 'prop-olympia-edge',
  forumEdge: 'prop-forum-edge',
} as const;

/** Every frame the code can ask for, grouped by family (the gallery and the frame-name test use this). */
export function frameFamilies(): Record<string, string[]> {
  const eidols: string[] = [];
  for (const c of EIDOL_COLLECTIONS)
    for (const r of EIDOL_RARITIES) for (let s = 1; s <= EIDOL_SKINS_PER_RARITY; s++) eidols.push(eidolFrame(c, r, s));
  return {
    masters: MASTER_SKIN_IDS.map(masterFrame),
    'master extras': [
      PIPE_FRAME,
      ...PIPE_SMOKE_FRAMES,
      titleFrame('S'),
      titleFrame('P'),
      titleFrame('SP'),
      SELECTION_RING_FRAME,
      ...LIKE_HEART_FRAMES,
    ],
    eggs: [...EGG_TYPES.map(eggFrame), EMPTY_EGG_FRAME],
    eggtoplasm: Array.from({ length: EGGTOPLASM_STAGES }, (_, i) => `eggtoplasm-${i}`),
    eidols,
    'higher forms': [EGREGORI_FRAME, EGOD_FRAME, LOSS_FRAME, RISK_EYE_FRAME],
    items: ITEM_TYPES.map(itemFrame),
    home: [...Object.values(HOME_SLIDE_FRAMES), CLOCK_FRAME, LOCK_FRAME, SWIPE_HINT_FRAME, COIN_FRAME],
    'world layers': WORLDS.flatMap((w) => WORLD_LAYERS.map((l) => worldLayerFrame(w, l))),
    'world props': [
      ...Object.values(PROP_FRAMES),
      chestFrame(true),
      chestFrame(false),
      ...([1, 2, 3] as const).flatMap((s) => [incenseFrame(s, false), incenseFrame(s, true)]),
      ...INCENSE_SMOKE_FRAMES,
      ...CARAVAN_STAGES.map(caravanFrame),
    ],
  };
}

/** Every frame name the code uses, sorted and unique. */
export function allFrameNames(): string[] {
  return [...new Set(Object.values(frameFamilies()).flat())].sort();
}
