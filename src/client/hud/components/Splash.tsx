/** The boot splash shown while config, session and atlases load. */
import { t } from '../../i18n/t';

/** Text of the splash (spec 1 §1). */
export const SPLASH_TEXT = t.common.splash;

/** The splash. */
export function Splash() {
  return (
    <div className="splash" data-testid="splash" role="status">
      <div className="orb" aria-hidden="true" />
      <p>{SPLASH_TEXT}</p>
    </div>
  );
}
