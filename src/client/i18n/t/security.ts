/** The messages of the security screens and the send's passkey prompt: home's plus the security part, which so loads with their chunk. */
import { t as home } from './home';
import { partFor } from '../catalogues';
import type { Parts } from '../messages';

/** Home's messages and the security part, in the player's language. */
export const t: typeof home & Parts['security'] = {
  ...home,
  ...partFor(import.meta.glob<Parts['security']>('../languages/*/security.ts', { eager: true, import: 'messages' })),
};
