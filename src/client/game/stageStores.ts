/** Stores the HUD writes and the stage scenes read: which master each master scene shows. */
import { atom, computed } from 'nanostores';
import type { MasterChoice } from './masterScene';
import { $session } from '../stores/session';

/** The master picked on the register screen (skin 1–6) and the side it slid in from. */
export const $registerChoice = atom<MasterChoice>({ skinId: 1, from: 0 });

/** The referrer's master on the referral landing (null until loaded). */
export const $referrerChoice = atom<MasterChoice>({ skinId: null, from: 0 });

/** How far the HUD column is scrolled (CSS px): scenes that sit under HUD content move with it. */
export const $hudScrollY = atom(0);

/** The player's own master on home. */
export const $ownChoice = computed($session, (s): MasterChoice => ({ skinId: s.user?.investor_skin_id ?? null, from: 0 }));
