// @vitest-environment jsdom
/**
 * The freeze link's page in the DOM: opening it (as a mail scanner does) sends nothing; the button sends the
 * token once and shows the answer; a used-up link shows the server's text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { FrozenState } from '../../../../../src/client/net/freezeApi';
import { failed, ok } from '../../machines/fixtures';
import { click, render, type Mounted } from '../render';

const net = vi.hoisted(() => ({ sent: [] as string[], answer: null as null | ApiResult<FrozenState> }));
vi.mock('../../../../../src/client/net/freezeApi', () => ({
  freezeApi: {
    freeze: (token: string) => {
      net.sent.push(token);
      return Promise.resolve(net.answer!);
    },
  },
}));

import FreezeLinkScreen from '../../../../../src/client/hud/screens/security/FreezeLinkScreen';

let mounted: Mounted | undefined;
beforeEach(() => {
  net.sent = [];
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

describe('FreezeLinkScreen', () => {
  it('sends nothing when opened; the press freezes with the token, once, and says what it did', async () => {
    net.answer = ok({ frozen: true, stopped: 2 }, 'Withdrawals are frozen. Log in to unfreeze them when you are safe.');
    mounted = await render(<FreezeLinkScreen token="tok-123" />);
    expect(net.sent).toEqual([]);
    expect(q('screen-freeze').textContent).toContain('Freezing stops at once every withdrawal');
    await click(q('freeze-submit'));
    expect(net.sent).toEqual(['tok-123']);
    expect(q('freeze-done').textContent).toBe(
      'Withdrawals are frozen. Log in to unfreeze them when you are safe. 2 withdrawals were stopped and returned.',
    );
    expect((q('freeze-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the refusal of an unknown link and lets the player try again', async () => {
    net.answer = failed('This link is not valid (any more).', undefined, 404);
    mounted = await render(<FreezeLinkScreen token="old" />);
    await click(q('freeze-submit'));
    expect(q('freeze-error').textContent).toBe('This link is not valid (any more).');
    expect((q('freeze-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});
