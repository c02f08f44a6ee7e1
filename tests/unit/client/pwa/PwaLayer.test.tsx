// @vitest-environment jsdom
/** The PWA layer: offline banner, update banner with a live Reload button, and the dismissible iOS hint. */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import PwaLayer, { UPDATE_BUTTON } from '../../../../src/client/pwa/PwaLayer';
import { $noAnswer } from '../../../../src/client/net/netWatch';
import { $updateAvailable } from '../../../../src/client/pwa/serviceWorker';
import { IOS_HINT_DISMISSED_KEY, IOS_HINT_TEXT } from '../../../../src/client/pwa/iosHint';
import { OFFLINE_TEXT } from '../../../../src/client/pwa/onlineStatus';
import { render, type Mounted } from '../hud/render';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  $noAnswer.set(false);
  $updateAvailable.set(false);
  localStorage.clear();
});

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const noWorker = () => () => undefined;

describe('PwaLayer', () => {
  it('starts the service worker once the page has loaded', async () => {
    let started = 0;
    mounted = await render(<PwaLayer startWorker={() => ((started += 1), () => undefined)} iosHint={() => false} />);
    expect(started).toBe(1);
  });

  it('says "You are offline" when a call got no answer, and hides it when one does', async () => {
    mounted = await render(<PwaLayer startWorker={noWorker} iosHint={() => false} />);
    expect(q('offline-banner')).toBeNull();
    await act(async () => $noAnswer.set(true));
    expect(q('offline-banner')!.textContent).toContain(OFFLINE_TEXT);
    await act(async () => $noAnswer.set(false));
    expect(q('offline-banner')).toBeNull();
  });

  it('offers a Reload button when a new version is ready', async () => {
    mounted = await render(<PwaLayer startWorker={noWorker} iosHint={() => false} />);
    expect(q('update-banner')).toBeNull();
    await act(async () => $updateAvailable.set(true));
    expect(mounted.button(UPDATE_BUTTON).disabled).toBe(false);
  });

  it('shows the iOS hint until dismissed, and remembers the dismissal', async () => {
    mounted = await render(<PwaLayer startWorker={noWorker} iosHint={() => true} />);
    expect(q('ios-hint')!.textContent).toContain(IOS_HINT_TEXT);
    await act(async () => mounted!.button('Dismiss').click());
    expect(q('ios-hint')).toBeNull();
    expect(localStorage.getItem(IOS_HINT_DISMISSED_KEY)).toBe('1');
  });
});
