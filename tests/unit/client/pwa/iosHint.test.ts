/** The iOS add-to-home-screen hint: iOS Safari only, not installed, not after dismissal. */
import { describe, expect, it } from 'vitest';
import { isIos, isSafari, shouldShowIosHint, type IosHintEnv } from '../../../../src/client/pwa/iosHint';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const iphone: IosHintEnv = { userAgent: IPHONE_SAFARI, platform: 'iPhone', maxTouchPoints: 5, standalone: false, dismissed: false };

describe('iOS hint', () => {
  it('shows in Safari on an iPhone and on an iPad that reports a Mac with touch', () => {
    expect(shouldShowIosHint(iphone)).toBe(true);
    expect(shouldShowIosHint({ ...iphone, userAgent: IPAD_DESKTOP, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
  });

  it('stays hidden on a real Mac, on Android, and in other iOS browsers', () => {
    expect(isIos({ userAgent: IPAD_DESKTOP, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(shouldShowIosHint({ ...iphone, userAgent: ANDROID_CHROME, platform: 'Linux armv8l' })).toBe(false);
    expect(isSafari(IPHONE_CHROME)).toBe(false);
    expect(shouldShowIosHint({ ...iphone, userAgent: IPHONE_CHROME })).toBe(false);
  });

  it('stays hidden in the installed app and once dismissed', () => {
    expect(shouldShowIosHint({ ...iphone, standalone: true })).toBe(false);
    expect(shouldShowIosHint({ ...iphone, dismissed: true })).toBe(false);
  });
});
