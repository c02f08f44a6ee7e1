/**
 * The player's messages of the core part: the entry screens, the shell, shared components, net and machines
 * (`t.login.forgot`, `t.notices.forumlike(name)`). Screens behind the entry read a fuller `t` from t/<part>.ts,
 * which adds their part, so their texts load with them and not in the entry chunk. The language is chosen
 * once at start from the browser's languages; only English ships today (see catalogues.ts).
 */
import { partFor } from './catalogues';
import type { Parts } from './messages';

/** The core messages in the player's language. */
export const t: Parts['core'] = partFor(import.meta.glob<Parts['core']>('./languages/*/core.ts', { eager: true, import: 'messages' }));
