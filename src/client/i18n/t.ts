/**
 * The player's messages. Every player-facing text of the client is read from here (`t.login.title`,
 * `t.world.notice.luv(name)`), so a translation is a file, not a code change (see catalogues.ts). The
 * language is chosen once at start from the browser's languages; only English ships today.
 */
import { catalogueFor, playerLanguages } from './catalogues';
import type { Messages } from './messages';

/** The active catalogue. */
export const t: Messages = catalogueFor(playerLanguages());
