/** The messages of the solvency page: the core ones plus the solvency part, which so loads with their chunk. */
import { t as base } from '../t';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core messages and the solvency part, in the player's language. */
export const t: typeof base & Parts['solvency'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['solvency']>('../languages/*/solvency.ts', { eager: true, import: 'messages' })),
};
