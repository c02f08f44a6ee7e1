/** Stores the HUD writes and the stage scenes read: what each band scene shows, and the HUD's scroll. */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { MASTER_SKIN_IDS, masterFrame } from '../engine/frameNames';

/** The frames to show side by side and the side they arrive from (-1 from the left, 1 from the right, 0 no slide). */
export interface BandArt {
  frames: readonly string[];
  from: -1 | 0 | 1;
  /** Pixel art drawn several times its packed size: sampled without smoothing to keep edges crisp. */
  crisp?: boolean;
}

/** Which master to show (skin 1–6, null for none) and from which side it arrives. */
export interface MasterChoice {
  skinId: number | null;
  from: -1 | 0 | 1;
}

/** The master picked on the register screen (skin 1–6) and the side it slid in from. */
export const $registerChoice = atom<MasterChoice>({ skinId: 1, from: 0 });

/** The referrer's master on the referral landing (null until loaded). */
export const $referrerChoice = atom<MasterChoice>({ skinId: null, from: 0 });

/** The art of the onboarding slide shown (set by the onboarding screen). */
export const $onboardingArt = atom<BandArt>({ frames: [], from: 0 });

/** How far the HUD column is scrolled (CSS px): scenes that sit under HUD content move with it. */
export const $hudScrollY = atom(0);

/** Every master's frame: what a master band may show. */
export const MASTER_FRAMES: readonly string[] = MASTER_SKIN_IDS.map(masterFrame);

/** A master choice as band art: the master's frame, crisp. */
export function masterArt(choice: ReadableAtom<MasterChoice>): ReadableAtom<BandArt> {
  return computed(choice, (c): BandArt => ({ frames: c.skinId === null ? [] : [masterFrame(c.skinId)], from: c.from, crisp: true }));
}

/** The register carousel's master as band art. */
export const $registerArt = masterArt($registerChoice);

/** The referrer's master on the referral landing as band art. */
export const $referrerArt = masterArt($referrerChoice);
