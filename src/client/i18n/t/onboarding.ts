/** The messages of the onboarding carousels: the core ones plus the onboarding part, which so loads with their chunk. */
import { t as base } from '../t';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** The core messages and the onboarding part, in the player's language. */
export const t: typeof base & Parts['onboarding'] = {
  ...base,
  ...partFor(import.meta.glob<Parts['onboarding']>('../languages/*/onboarding.ts', { eager: true, import: 'messages' })),
};
