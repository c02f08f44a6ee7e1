/** The messages of home and what opens from it (wallet, eidols, sessions): the core ones plus the home part, which so loads with their chunk. */
import { t as base } from '../t';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core messages and the home part, in the player's language. */
export const t: typeof base & Parts['home'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['home']>('../languages/*/home.ts', { eager: true, import: 'messages' })),
};
