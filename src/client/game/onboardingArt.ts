/** What the stage draws above each onboarding slide (spec 1 §2's lore): frames from the atlases, by slide. */
import {
  CLOCK_FRAME,
  COIN_FRAME,
  EGG_TYPES,
  EGOD_FRAME,
  EGREGORI_FRAME,
  RISK_EYE_FRAME,
  eggFrame,
  eggtoplasmFrame,
  eidolFrame,
  itemFrame,
} from '../engine/frameNames';

/** The atlas frames drawn above each main slide, in slide order: what the slide's lore speaks of. */
export const ONBOARDING_ART: readonly (readonly string[])[] = [
  [eidolFrame('basic', 'common', 1), COIN_FRAME],
  EGG_TYPES.map(eggFrame),
  [RISK_EYE_FRAME, eidolFrame('basic', 'epic', 1), CLOCK_FRAME],
  [eidolFrame('basic', 'mythic', 1), EGREGORI_FRAME, EGOD_FRAME],
  [itemFrame('Apple'), eidolFrame('basic', 'rare', 2), COIN_FRAME],
];

/** The atlas frames drawn above each Eggtoplasm slide: the jar filling, then the eidol it becomes. */
export const ONBOARDING_ECTO_ART: readonly (readonly string[])[] = [
  [eggtoplasmFrame(0)],
  [eggtoplasmFrame(0.25), eggtoplasmFrame(0.5), eggtoplasmFrame(0.75)],
  [eggtoplasmFrame(1), eidolFrame('spooky', 'common', 1)],
];

/** Every frame either carousel draws: their sheets load before the onboarding band shows. */
export const ONBOARDING_FRAMES: readonly string[] = [...new Set([...ONBOARDING_ART, ...ONBOARDING_ECTO_ART].flat())];
