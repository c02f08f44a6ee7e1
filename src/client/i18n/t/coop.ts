/** The messages of the invite, gDAO ledger and tax box screens: the core ones plus the coop part, which so loads with their chunk. */
import { t as base } from '../t';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core messages and the coop part, in the player's language. */
export const t: typeof base & Parts['coop'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['coop']>('../languages/*/coop.ts', { eager: true, import: 'messages' })),
};
