/**
 * The banner shown while the round is locked or a new one is starting (spec 1 §2): it opens an external
 * site in a new tab. The address is build configuration: VITE_LOCKED_BANNER_URL.
 */
import { t } from '../../i18n/t';
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $roundClock, retainRoundClock } from '../../app/roundClock';

/**
 * Where the banner leads. PLACEHOLDER default: the product's news site is not known to this repository;
 * set VITE_LOCKED_BANNER_URL at build time.
 */
export const LOCKED_BANNER_URL: string = import.meta.env.VITE_LOCKED_BANNER_URL || 'https://example.org/';

/** The banner text. */
export const LOCKED_BANNER_TEXT = t.components.lockedBanner;

/** The banner, only while locked or reloading. */
export function LockedBanner() {
  useEffect(() => retainRoundClock(), []);
  const { state } = useStore($roundClock);
  if (state !== 'locked' && state !== 'reloading') return null;
  return (
    <a className="locked-banner" data-testid="locked-banner" href={LOCKED_BANNER_URL} target="_blank" rel="noopener noreferrer">
      {LOCKED_BANNER_TEXT}
    </a>
  );
}
