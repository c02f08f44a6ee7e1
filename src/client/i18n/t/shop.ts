/** The messages of the shops: the core ones plus the shop part, which so loads with their chunk. */
import { t as base } from '../t';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core messages and the shop part, in the player's language. */
export const t: typeof base & Parts['shop'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['shop']>('../languages/*/shop.ts', { eager: true, import: 'messages' })),
};
