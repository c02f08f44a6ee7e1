// @vitest-environment jsdom
/** /coop in the DOM: figures, editable link shared or copied ("Copied" for 1 s), resend with the server message, the gDAO store once confirmed, Return. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { ApiResult } from '../../../../../src/client/net/http';
import CoopScreen from '../../../../../src/client/hud/screens/coop/CoopScreen';
import type { SharePayload } from '../../../../../src/client/hud/screens/coop/coopView';
import { returnBack } from '../../../../../src/client/hud/screens/coop/returnBack';
import { $config } from '../../../../../src/client/stores/config';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { click, render, settle, typeInto, type Mounted } from '../render';

let mounted: Mounted | undefined;
let resends: Deferred<ApiResult<unknown>>[];
const resend = () => {
  const d = deferred<ApiResult<unknown>>();
  resends.push(d);
  return d.promise;
};
const byId = <T extends HTMLElement = HTMLElement>(id: string) => mounted!.container.querySelector<T>(`[data-testid="${id}"]`);
const setUser = (patch: Parameters<typeof makeUser>[0]) => $session.set({ status: 'user', user: makeUser(patch), authError: false });

beforeEach(() => {
  resends = [];
  history.replaceState(null, '', '/coop');
  $config.set({ product_name: 'Golden', admin_name: 'GoldenStern', round_open_seconds: 600, round_locked_seconds: 60 });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  $config.set(null);
  vi.useRealTimers();
});

describe('CoopScreen', () => {
  it('shows the reward, the gDAO count, friends invited and their gDAO; resends the e-mail and shows the server message on failure', async () => {
    setUser({ ref_count: 3, ref_tokens: 6, items: [{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 12, image: 'item-4', data: {} }] });
    mounted = await render(<CoopScreen resend={resend} />);
    expect(mounted.container.textContent).toMatch(/registers, confirms the e-mail and buys a first egg/);
    expect(byId('coop-gdao')!.textContent).toBe('12');
    expect(byId('coop-ref-count')!.textContent).toBe('3');
    expect(byId('coop-ref-tokens')!.textContent).toBe('6');
    expect(byId('coop-main')!.textContent).toBe('Resend confirmation e-mail');

    await click(byId('coop-main')!);
    expect(byId<HTMLButtonElement>('coop-main')!.disabled).toBe(true);
    expect(byId('coop-main')!.textContent).toBe('Sending...');
    await settle(() => resends[0]!.resolve(failed('Please wait before asking again.')));
    expect(byId('coop-resend-error')!.textContent).toBe('Please wait before asking again.');
    expect(byId('coop-main')!.textContent).toBe('Resend confirmation e-mail');

    await click(byId('coop-main')!);
    await settle(() => resends[1]!.resolve(ok({}, 'Verification link sent!')));
    expect(byId('coop-resend-result')!.textContent).toBe('Verification link sent!');
    expect(byId('coop-resend-error')).toBeNull();
  });

  it('opens the gDAO store once the e-mail is confirmed', async () => {
    setUser({ email_confirmed: true });
    mounted = await render(<CoopScreen resend={resend} />);
    expect(byId('coop-main')!.textContent).toBe('Open gDAO Store');
    await click(byId('coop-main')!);
    expect(resends).toHaveLength(0);
    expect(location.pathname).toBe('/gdaoshop');
  });

  it('shares the edited link through the share sheet with the invite title and text', async () => {
    setUser({ name: 'Ada', ref_link: 'http://localhost/register/code/ADA7' });
    const shared: SharePayload[] = [];
    mounted = await render(<CoopScreen resend={resend} device={{ share: (d) => (shared.push(d), Promise.resolve()) }} />);
    const input = byId<HTMLInputElement>('coop-share-link')!;
    expect(input.value).toBe('http://localhost/register/code/ADA7');
    typeInto(input, 'http://localhost/register/code/ADA7?hi');
    await click(byId('coop-share-button')!);
    expect(shared).toEqual([
      {
        title: 'Ada invites you to the GoldenVerse',
        text: 'Join the GoldenVerse and cooperate.',
        url: 'http://localhost/register/code/ADA7?hi',
      },
    ]);
    expect(byId('coop-share-button')!.textContent).toBe('Share invite');
  });

  it('copies the link where there is no share sheet and reads "Copied" for 1 s', async () => {
    vi.useFakeTimers();
    setUser({});
    const copied: string[] = [];
    mounted = await render(
      <CoopScreen resend={resend} device={{ clipboard: { writeText: (t) => (copied.push(t), Promise.resolve()) } }} />,
    );
    await click(byId('coop-share-button')!);
    expect(copied).toEqual(['http://localhost/register/code/ADA7']);
    expect(byId('coop-share-button')!.textContent).toBe('Copied');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(byId('coop-share-button')!.textContent).toBe('Share invite');
  });

  it('says so when neither a share sheet nor a clipboard exists', async () => {
    setUser({});
    mounted = await render(<CoopScreen resend={resend} device={{}} />);
    await click(byId('coop-share-button')!);
    expect(byId('coop-share-failed')!.textContent).toMatch(/copy the link by hand/);
  });
});

describe('returnBack', () => {
  it('goes back one step, or home when the screen was the first page', () => {
    const back = vi.fn();
    returnBack({ length: 3, back });
    expect(back).toHaveBeenCalledOnce();
    history.replaceState(null, '', '/coop');
    returnBack({ length: 1, back });
    expect(back).toHaveBeenCalledOnce();
    expect(location.pathname).toBe('/');
  });
});
