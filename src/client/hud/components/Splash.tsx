/** The boot splash shown while config and session load (index.html paints the same one before any script). */
import { t } from '../../i18n/t';

/** Text of the splash (spec 1 §1). */
export const SPLASH_TEXT = t.common.splash;

/** The splash. */
export function Splash() {
  return (
    <div className="splash" data-testid="splash" role="status">
      <p className="splash-title">{t.common.tagline}</p>
      <div className="orb" aria-hidden="true" />
      <p>{SPLASH_TEXT}</p>
    </div>
  );
}
