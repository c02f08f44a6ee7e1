/** Which drawing makes which frame, and in which sheet it is packed. */
import { masterSvg, pipeSvg, pipeSmokeSvg, titleSvg, ringSvg, heartSvg } from './masters';
import { eggSvg, emptyEggSvg, eggtoplasmSvg } from './eggs';
import { eidolSvg, egregoriSvg, egodSvg, lossSvg, riskEyeSvg } from './eidols';
import { itemSvg, coinSvg, clockSvg, lockSvg, swipeSvg } from './items';
import { shopSlideSvg, forumSlideSvg, refSlideSvg } from './home';
import * as props from './props';
import * as worlds from './worlds';
import * as names from '../../../src/client/engine/frameNames';

/** One generated source: sheet folder, frame name, SVG text. */
export interface SpriteSource {
  sheet: string;
  name: string;
  svg: string;
}

/** Every generated source, in a stable order. */
export function spriteSources(): SpriteSource[] {
  const out: SpriteSource[] = [];
  const add = (sheet: string, name: string, svg: string): void => void out.push({ sheet, name, svg });
  for (const id of names.MASTER_SKIN_IDS) add('masters', names.masterFrame(id), masterSvg(id));
  add('masters', names.PIPE_FRAME, pipeSvg());
  names.PIPE_SMOKE_FRAMES.forEach((f, i) => add('masters', f, pipeSmokeSvg(i + 1)));
  for (const t of ['S', 'P', 'SP'] as const) add('masters', names.titleFrame(t), titleSvg(t));
  add('masters', names.SELECTION_RING_FRAME, ringSvg());
  names.LIKE_HEART_FRAMES.forEach((f, i) => add('masters', f, heartSvg(i + 1)));
  for (const t of names.EGG_TYPES) add('eidols', names.eggFrame(t), eggSvg(t));
  add('eidols', names.EMPTY_EGG_FRAME, emptyEggSvg());
  for (let i = 0; i < names.EGGTOPLASM_STAGES; i++) add('eidols', `eggtoplasm-${i}`, eggtoplasmSvg(i));
  for (const c of names.EIDOL_COLLECTIONS)
    for (const r of names.EIDOL_RARITIES)
      for (let s = 1; s <= names.EIDOL_SKINS_PER_RARITY; s++) add('eidols', names.eidolFrame(c, r, s), eidolSvg(c, r, s));
  add('eidols', names.EGREGORI_FRAME, egregoriSvg());
  add('eidols', names.EGOD_FRAME, egodSvg());
  add('eidols', names.LOSS_FRAME, lossSvg());
  add('eidols', names.RISK_EYE_FRAME, riskEyeSvg());
  for (const t of names.ITEM_TYPES) add('items', names.itemFrame(t), itemSvg(t.toLowerCase()));
  add('home', names.HOME_SLIDE_FRAMES.shop, shopSlideSvg());
  add('home', names.HOME_SLIDE_FRAMES.forum, forumSlideSvg());
  add('home', names.HOME_SLIDE_FRAMES.ref, refSlideSvg());
  add('items', names.CLOCK_FRAME, clockSvg());
  add('items', names.LOCK_FRAME, lockSvg());
  add('items', names.SWIPE_HINT_FRAME, swipeSvg());
  add('items', names.COIN_FRAME, coinSvg());
  const layers = {
    forum: { parallax: worlds.forumParallaxSvg, rear: worlds.forumRearSvg, front: worlds.forumFrontSvg },
    ditch: { parallax: worlds.ditchParallaxSvg, rear: worlds.ditchRearSvg, front: worlds.ditchFrontSvg },
  } as const;
  for (const w of names.WORLDS) for (const l of names.WORLD_LAYERS) add(`world-${w}`, names.worldLayerFrame(w, l), layers[w][l]());
  const P = names.PROP_FRAMES;
  add('props', P.notes, props.notesSvg());
  add('props', P.goldenState, props.goldenStateSvg());
  add('props', P.chartBall, props.chartBallSvg());
  add('props', P.quests, props.questsSvg());
  add('props', P.ledger, props.ledgerSvg());
  add('props', names.chestFrame(true), props.chestSvg(true));
  add('props', names.chestFrame(false), props.chestSvg(false));
  add('props', P.mint, props.mintSvg());
  add('props', P.taxBox, props.taxBoxSvg());
  for (const slot of [1, 2, 3] as const) {
    add('props', names.incenseFrame(slot, false), props.incenseSvg(slot, false));
    add('props', names.incenseFrame(slot, true), props.incenseSvg(slot, true));
  }
  names.INCENSE_SMOKE_FRAMES.forEach((f, i) => add('props', f, props.incenseSmokeSvg(i + 1)));
  add('props', P.eyePanel, props.eyePanelSvg());
  add('props', P.funding, props.fundingSvg());
  add('props', P.mail, props.mailSvg());
  for (const n of names.CARAVAN_STAGES) add('props', names.caravanFrame(n), props.caravanSvg(n));
  add('props', P.store, props.storeSvg());
  add('props', P.gateEntry, props.gateEntrySvg());
  add('props', P.gateSenate, props.gateSenateSvg());
  add('props', P.olympiaEdge, props.edgeSvg('olympia'));
  add('props', P.forumEdge, props.edgeSvg('forum'));
  return out;
}
