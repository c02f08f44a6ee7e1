/**
 * The PWA layer over the HUD, loaded after the first paint: the "You are offline" banner, the "new
 * version" banner with its Reload button, and the iOS add-to-home-screen hint. Mounting it registers the
 * service worker (serviceWorker.ts) once the page has loaded.
 */
import { t } from '../i18n/t';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $offline, OFFLINE_DETAIL, OFFLINE_TEXT, watchOnline } from './onlineStatus';
import { $updateAvailable, considerUpdate, startServiceWorker } from './serviceWorker';
import { browserIosHintEnv, IOS_HINT_TEXT, rememberIosHintDismissed, shouldShowIosHint } from './iosHint';

/** The update banner's text and button. */
export const UPDATE_TEXT = t.pwa.update;
export const UPDATE_BUTTON = t.pwa.reload;

/** What the layer starts; tests pass stand-ins. */
export interface PwaLayerProps {
  startWorker?: () => () => void;
  iosHint?: () => boolean;
}

/** Registers the worker once the page has finished loading (never competing with the first paint). */
function afterLoad(start: () => () => void): () => void {
  let stop: (() => void) | undefined;
  const run = () => {
    stop = start();
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    window.removeEventListener('load', run);
    stop?.();
  };
}

/** The layer. */
export default function PwaLayer({
  startWorker = startServiceWorker,
  iosHint = () => shouldShowIosHint(browserIosHintEnv()),
}: PwaLayerProps) {
  const offline = useStore($offline);
  const update = useStore($updateAvailable);
  const [hint, setHint] = useState(iosHint);
  useEffect(() => watchOnline(), []);
  useEffect(() => afterLoad(startWorker), [startWorker]);
  return (
    <div className="pwa-layer">
      {offline && (
        <div className="pwa-banner offline" role="status" data-testid="offline-banner">
          <strong>{OFFLINE_TEXT}</strong>
          <span>{OFFLINE_DETAIL}</span>
        </div>
      )}
      {update && !offline && (
        <div className="pwa-banner update" role="status" data-testid="update-banner">
          <span>{UPDATE_TEXT}</span>
          <button type="button" className="btn" onClick={() => considerUpdate('button')}>
            {UPDATE_BUTTON}
          </button>
        </div>
      )}
      {hint && (
        <div className="pwa-hint" role="note" data-testid="ios-hint">
          <span>{IOS_HINT_TEXT}</span>
          <button
            type="button"
            className="pwa-hint-close"
            aria-label={t.pwa.dismiss}
            onClick={() => {
              rememberIosHintDismissed();
              setHint(false);
            }}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
