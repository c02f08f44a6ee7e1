// @vitest-environment jsdom
/** The unconfirmed e-mail reminder: shown only while unconfirmed; its button resends and says how it went. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import { deferred } from '../machines/deferred';
import { failed, ok } from '../machines/fixtures';
import { ConfirmReminder, RESENDING_LABEL } from '../../../../src/client/hud/components/ConfirmReminder';
import { render, settle, type Mounted } from './render';

let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('ConfirmReminder', () => {
  it('is absent once the e-mail is confirmed', async () => {
    mounted = await render(<ConfirmReminder email="ada@example.test" confirmed resend={async () => ok(null)} />);
    expect(q('confirm-reminder')).toBeNull();
  });

  it('resends through the given call, reads Sending... meanwhile, then shows the server message', async () => {
    const pending = deferred<ApiResult<unknown>>();
    let calls = 0;
    const resend = () => {
      calls += 1;
      return pending.promise;
    };
    mounted = await render(<ConfirmReminder email="ada@example.test" confirmed={false} resend={resend} />);
    expect(q('confirm-reminder')!.textContent).toContain('ada@example.test');
    await settle(() => q('confirm-resend')!.click());
    expect(q('confirm-resend')!.textContent).toBe(RESENDING_LABEL);
    expect((q('confirm-resend') as HTMLButtonElement).disabled).toBe(true);
    await settle(() => pending.resolve(ok(null, 'Verification e-mail sent.')));
    expect(calls).toBe(1);
    expect(q('confirm-resend-result')!.textContent).toBe('Verification e-mail sent.');
  });

  it('shows a refusal in red', async () => {
    mounted = await render(
      <ConfirmReminder
        email="ada@example.test"
        confirmed={false}
        resend={async () => failed('Too many requests. Please wait a moment.', undefined, 429)}
      />,
    );
    await settle(() => q('confirm-resend')!.click());
    await settle(() => {});
    expect(q('confirm-resend-result')!.className).toBe('error-line');
    expect(q('confirm-resend-result')!.textContent).toBe('Too many requests. Please wait a moment.');
  });
});
