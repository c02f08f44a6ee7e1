import { describe, expect, it } from 'vitest';
import { isDesktopVisitor } from '../../../../src/client/app/device';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('isDesktopVisitor', () => {
  it('is true only for a desktop agent on a wide viewport', () => {
    expect(isDesktopVisitor(DESKTOP, 1400)).toBe(true);
    expect(isDesktopVisitor(DESKTOP, 600)).toBe(false);
    expect(isDesktopVisitor(PHONE, 1400)).toBe(false);
    expect(isDesktopVisitor(IPAD, 1366, 5)).toBe(false);
    expect(isDesktopVisitor(IPAD, 1366, 0)).toBe(true);
  });
});
