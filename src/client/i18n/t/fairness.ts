/** The messages of the provably fair page: the core ones plus the fairness part, which so loads with their chunk. */
import { t as base } from '../t';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core messages and the fairness part, in the player's language. */
export const t: typeof base & Parts['fairness'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['fairness']>('../languages/*/fairness.ts', { eager: true, import: 'messages' })),
};
