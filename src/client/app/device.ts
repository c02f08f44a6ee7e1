/** Whether the visitor is on a desktop: a desktop user agent and a wide viewport (then a QR invites to a phone). */

/** Viewport width from which a desktop browser counts as wide. */
export const WIDE_VIEWPORT_PX = 900;

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Mobi|Silk|Kindle|BlackBerry|Opera Mini|IEMobile/i;

/** True for a non-phone user agent on a wide viewport. */
export function isDesktopVisitor(userAgent: string, viewportWidth: number, maxTouchPoints = 0): boolean {
  if (MOBILE_UA.test(userAgent)) return false;
  // iPadOS reports a desktop Safari agent; its touch points give it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return false;
  return viewportWidth >= WIDE_VIEWPORT_PX;
}
