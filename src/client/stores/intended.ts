/** The URL a guest tried to open, remembered for this tab and restored after login. */
import { tabStorage } from './deviceStorage';

const KEY = 'intended-url';

/** Remembers the intended URL. */
export function rememberIntended(url: string): void {
  tabStorage().setItem(KEY, url);
}

/** Returns and forgets the intended URL, if any. */
export function takeIntended(): string | null {
  const url = tabStorage().getItem(KEY);
  tabStorage().removeItem(KEY);
  return url;
}
