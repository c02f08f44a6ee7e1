/** The messages of the item action screens: the core and home ones plus the items part, which so loads with their chunk. */
import { t as base } from './home';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core and home messages and the items part, in the player's language. */
export const t: typeof base & Parts['items'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['items']>('../languages/*/items.ts', { eager: true, import: 'messages' })),
};
