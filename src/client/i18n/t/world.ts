/** The messages of the Forum and the Ditch: the core and home ones plus the world part, which so loads with their chunk. */
import { t as base } from './home';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core and home messages and the world part, in the player's language. */
export const t: typeof base & Parts['world'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['world']>('../languages/*/world.ts', { eager: true, import: 'messages' })),
};
