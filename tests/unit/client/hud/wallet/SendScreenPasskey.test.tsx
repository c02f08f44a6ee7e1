// @vitest-environment jsdom
/**
 * The send screen for a player whose only second factor is a passkey: nothing to type, so pressing the
 * button asks the passkey and its answer goes with the precalculation; a closed prompt is said on the
 * button and sends nothing. Without a passkey the typed code goes alone (no prompt).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { PrecalcData } from '../../../../../src/shared/api/transactions';
import SendScreen from '../../../../../src/client/hud/screens/wallet/SendScreen';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { makeUser, ok } from '../../machines/fixtures';
import { render, settle, typeInto, type Mounted } from '../render';

const factors = vi.hoisted(() => ({ totp: false, passkeys: [{ id: 'pk-1' }] as { id: string }[], answer: {} as unknown }));
vi.mock('../../../../../src/client/net/factorApi', () => ({
  factorApi: {
    status: async () => ({ ok: true, status: 200, message: '', data: { totp: factors.totp, passkeys: factors.passkeys } }),
    freshChallenge: async () => ({ ok: true, status: 200, message: '', data: { challenge: 'c-1' } }),
  },
}));
vi.mock('../../../../../src/client/net/passkeyBrowser', () => ({ assertPasskey: vi.fn(async () => factors.answer) }));

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PRECALC: PrecalcData = {
  transaction: { id: 'tx-9' },
  precalcData: { fee: { ngls: '0.5', busd: '0', bnb: '0.0001' }, destination: 'chain' },
};

let mounted: Mounted | undefined;
let sends: Array<{ body: unknown; d: Deferred<ApiResult<PrecalcData>> }>;
const api = {
  send: (body: unknown) => {
    const d = deferred<ApiResult<PrecalcData>>();
    sends.push({ body, d });
    return d.promise;
  },
  commit: () => new Promise(() => {}),
};

beforeEach(() => {
  sends = [];
  history.replaceState(null, '', '/send');
  $session.set({ status: 'user', user: makeUser({ start_gas: true, start_pack: true, balance_ngls: '10' }), authError: false });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  factors.totp = false;
  factors.passkeys = [{ id: 'pk-1' }];
});

const submit = () => mounted!.container.querySelector<HTMLButtonElement>('[data-testid="send-submit"]')!;
const input = (id: string) => mounted!.container.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
const codeLabel = () => mounted!.container.querySelector(`label[for="${input('send-factor-code').id}"]`)!.textContent;
const show = async () => {
  mounted = await render(<SendScreen sendto={ADDR} api={api as never} onRefresh={() => {}} />);
  await settle(() => {});
};

describe('SendScreen with a passkey', () => {
  it('asks the passkey when no code is typed, and sends its answer with the precalculation', async () => {
    factors.answer = { id: 'cred-1', response: { signature: 's' } };
    await show();
    expect(codeLabel()).toContain('leave empty to use your passkey');
    typeInto(input('send-amount'), '2');
    await settle(() => submit().click());
    await settle(() => {});
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ amount: '2', to_address: ADDR, webauthn: factors.answer });
    await settle(() => sends[0]!.d.resolve(ok(PRECALC)));
    expect(submit().textContent).toBe('Confirm on-chain withdrawal');
  });

  it('says a closed prompt on the button and sends nothing', async () => {
    factors.answer = new Error('NotAllowedError');
    await show();
    typeInto(input('send-amount'), '2');
    await settle(() => submit().click());
    await settle(() => {});
    expect(sends).toHaveLength(0);
    expect(submit().textContent).toContain('The passkey prompt was closed');
  });

  it('sends a typed authenticator code alone, without a prompt', async () => {
    factors.totp = true;
    factors.passkeys = [];
    await show();
    expect(codeLabel()).not.toContain('passkey');
    typeInto(input('send-factor-code'), '123456');
    typeInto(input('send-amount'), '2');
    await settle(() => submit().click());
    await settle(() => {});
    expect(sends[0]!.body).toMatchObject({ otp: '123456' });
    expect(sends[0]!.body).not.toHaveProperty('webauthn');
  });
});
