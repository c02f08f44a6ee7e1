/**
 * Return on the community screens (spec 2 §2): to /forum when forum data exists, else back one step. This
 * build loads no forum data yet, so it goes back, or home when the screen was the first page opened.
 */
import { navigate } from '../../../stores/router';

/** Leaves the screen the way its Return link does. */
export function returnBack(h: Pick<History, 'length' | 'back'> = window.history): void {
  if (h.length > 1) h.back();
  else navigate('/');
}
