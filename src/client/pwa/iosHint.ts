/**
 * The add-to-home-screen hint for iOS Safari, which has no install prompt of its own: shown in Safari on
 * an iPhone or iPad (iPadOS reports a Mac with touch), not in the installed app, not in other iOS
 * browsers (they cannot add to the home screen), and never again once dismissed.
 */
import { t } from '../i18n/t';

/** The hint's text. */
export const IOS_HINT_TEXT = t.pwa.iosHint;
/** localStorage key remembering the dismissal. */
export const IOS_HINT_DISMISSED_KEY = 'aeon.iosHintDismissed';

/** What the rule looks at (navigator and display mode, or a test's stand-ins). */
export interface IosHintEnv {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Launched from the home screen (navigator.standalone or display-mode: standalone). */
  standalone: boolean;
  dismissed: boolean;
}

/** True on an iPhone, iPod or iPad (including iPadOS's desktop-class Safari). */
export function isIos(env: Pick<IosHintEnv, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPhone|iPad|iPod/.test(env.userAgent) || (env.platform === 'MacIntel' && env.maxTouchPoints > 1);
}

/** True in Safari itself (Chrome, Firefox, Edge and in-app browsers on iOS name themselves). */
export function isSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent);
}

/** Whether to show the hint. */
export function shouldShowIosHint(env: IosHintEnv): boolean {
  return !env.dismissed && !env.standalone && isIos(env) && isSafari(env.userAgent);
}

/** The browser's facts (storage errors, e.g. private mode, count as not dismissed). */
export function browserIosHintEnv(): IosHintEnv {
  const nav = navigator as Navigator & { standalone?: boolean };
  let dismissed = false;
  try {
    dismissed = localStorage.getItem(IOS_HINT_DISMISSED_KEY) === '1';
  } catch {
    dismissed = false;
  }
  const displayStandalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || displayStandalone,
    dismissed,
  };
}

/** Remembers that the player dismissed the hint. */
export function rememberIosHintDismissed(): void {
  try {
    localStorage.setItem(IOS_HINT_DISMISSED_KEY, '1');
  } catch {
    // Private mode: the hint comes back next visit, which is harmless.
  }
}
