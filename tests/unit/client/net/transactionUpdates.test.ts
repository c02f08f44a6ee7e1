/** transaction_update: refresh on every final status, a toast for failures and for pending transactions that completed. */
import { afterEach, describe, expect, it } from 'vitest';
import { publishServerEvent, resetServerEvents } from '../../../../src/client/net/serverEvents';
import { TRANSACTION_DONE_TEXT, TRANSACTION_FAILED_TEXT, followTransactionUpdates } from '../../../../src/client/net/transactionUpdates';

describe('followTransactionUpdates', () => {
  let off: (() => void) | undefined;
  afterEach(() => {
    off?.();
    resetServerEvents();
  });

  it('refreshes on success and fail, toasts failures and completed withdrawals only', () => {
    let refreshes = 0;
    const toasts: string[] = [];
    off = followTransactionUpdates({ refresh: () => void refreshes++, toast: (t, tone) => void toasts.push(`${tone}:${t}`) });
    const send = (n: string, fields: Record<string, unknown>) => publishServerEvent({ event: 'transaction_update', _nonce: n, ...fields });
    send('1', { id: 'a', type: 'send', status: 'new', message: null });
    send('2', { id: 'a', type: 'send', status: 'success', message: null });
    expect([refreshes, toasts]).toEqual([1, []]);
    send('3', { id: 'w', type: 'send', status: 'pending', message: null });
    expect(refreshes).toBe(1);
    send('4', { id: 'w', type: 'send', status: 'success', message: null });
    send('5', { id: 'x', type: 'send', status: 'fail', message: 'Insufficent BNB balance' });
    send('6', { id: 'y', type: 'send', status: 'fail' });
    expect(refreshes).toBe(4);
    expect(toasts).toEqual([`success:${TRANSACTION_DONE_TEXT}`, 'error:Insufficent BNB balance', `error:${TRANSACTION_FAILED_TEXT}`]);
  });
});
