/**
 * Whether the player is offline: the browser says so (navigator.onLine, online/offline events) or the last
 * API call got no answer at all (a captive portal, a dead server: onLine stays true there).
 */
import { t } from '../i18n/t';
import { atom, computed } from 'nanostores';
import { $noAnswer } from '../net/netWatch';

/** The offline banner's text. */
export const OFFLINE_TEXT = t.pwa.offline;
/** The line under it. */
export const OFFLINE_DETAIL = t.pwa.offlineDetail;

/** navigator.onLine, kept current by watchOnline(). */
export const $browserOnline = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

/** True while the player should see the offline banner. */
export const $offline = computed([$browserOnline, $noAnswer], (online, noAnswer) => !online || noAnswer);

/** Follows the browser's online/offline events; returns a stop function. */
export function watchOnline(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  nav: Pick<Navigator, 'onLine'> = navigator,
): () => void {
  const update = () => $browserOnline.set(nav.onLine);
  update();
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
  };
}
