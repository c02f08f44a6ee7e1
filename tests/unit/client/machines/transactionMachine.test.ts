import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AFTER_SUCCESS_MS,
  DONE_LABEL,
  INVOKE_LABEL,
  LOCKED_LABEL,
  PROCESSING_LABEL,
  transactionButton,
  transactionErrorText,
  transactionMachine,
  type CommitInput,
  type TransactionInput,
  type TransactionState,
} from '../../../../src/client/machines/transactionMachine';
import type { ApiResult } from '../../../../src/client/net/http';
import type { PrecalcData } from '../../../../src/shared/api/transactions';
import { deferred, type Deferred } from './deferred';
import { failed, ok } from './fixtures';

const LABELS = { stage0: 'Precalculate', stage1: 'Approve' };
const PRECALC: PrecalcData = { transaction: { id: 'tx-1' }, precalcData: { fee: { bnb: '0.0001', ngls: '0', busd: '0' } } };

describe('transactionMachine', () => {
  let precalcs: Array<Deferred<ApiResult<PrecalcData>>>;
  let prepares: Array<Deferred<ApiResult<unknown>>>;
  let commits: Array<Deferred<ApiResult<unknown>>>;
  let precalcInputs: unknown[];
  let commitInputs: CommitInput[];
  let log: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    precalcs = [];
    prepares = [];
    commits = [];
    precalcInputs = [];
    commitInputs = [];
    log = [];
  });
  afterEach(() => vi.useRealTimers());

  function start(input: TransactionInput = { input: { amount: '1' }, key: 'a' }) {
    const actor = createActor(
      transactionMachine.provide({
        actors: {
          precalculate: fromPromise(async ({ input: body }) => {
            precalcInputs.push(body);
            const d = deferred<ApiResult<PrecalcData>>();
            precalcs.push(d);
            return d.promise;
          }),
          prepare: fromPromise(async ({ input: body }) => {
            precalcInputs.push(body);
            const d = deferred<ApiResult<unknown>>();
            prepares.push(d);
            return d.promise;
          }),
          commit: fromPromise(async ({ input: body }) => {
            commitInputs.push(body);
            const d = deferred<ApiResult<unknown>>();
            commits.push(d);
            return d.promise;
          }),
        },
        actions: {
          activate: (_, target) => void log.push(`activate ${target}`),
          refresh: () => void log.push('refresh'),
          leave: () => void log.push('leave'),
        },
      }),
      { input },
    );
    actor.start();
    return actor;
  }

  const state = (actor: ReturnType<typeof start>) => actor.getSnapshot().value as TransactionState;
  const button = (actor: ReturnType<typeof start>) => transactionButton(state(actor), actor.getSnapshot().context, LABELS);
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it('precalculates, commits, shows Done! and after 750 ms refreshes and leaves', async () => {
    const actor = start();
    expect(button(actor)).toEqual({ text: 'Precalculate', disabled: false });
    actor.send({ type: 'PRESS' });
    expect(button(actor)).toEqual({ text: PROCESSING_LABEL, disabled: true });
    await flush();
    expect(precalcInputs).toEqual([{ amount: '1' }]);
    precalcs[0]!.resolve(ok(PRECALC));
    await flush();
    expect(state(actor)).toBe('stage1');
    expect(actor.getSnapshot().context).toMatchObject({ transactionId: 'tx-1', fee: PRECALC.precalcData.fee });
    expect(button(actor).text).toBe('Approve');

    actor.send({ type: 'PRESS' });
    expect(button(actor).text).toBe(PROCESSING_LABEL);
    await flush();
    expect(commitInputs).toEqual([{ transactionId: 'tx-1', input: { amount: '1' } }]);
    commits[0]!.resolve(ok({}));
    await flush();
    expect(button(actor)).toEqual({ text: DONE_LABEL, disabled: true });
    await vi.advanceTimersByTimeAsync(AFTER_SUCCESS_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['refresh', 'leave']);
  });

  it('takes a fee-less flow through both stages: stage 0 prepares, stage 1 commits with no transaction or gas', async () => {
    const actor = start({ input: { code: '' }, key: 'totp', feeless: true });
    actor.send({ type: 'PRESS' });
    expect(button(actor)).toEqual({ text: PROCESSING_LABEL, disabled: true });
    await flush();
    expect([precalcs.length, prepares.length, precalcInputs]).toEqual([0, 1, [{ code: '' }]]);
    // Whatever the setup answers (here a secret to show) moves the flow on: nothing of it is read as a fee.
    prepares[0]!.resolve(ok({ secret: 'S', uri: 'otpauth://x' }));
    await flush();
    expect(state(actor)).toBe('stage1');
    expect(actor.getSnapshot().context).toMatchObject({ transactionId: null, fee: null, destination: null, addressHasCode: false });
    expect(button(actor)).toEqual({ text: 'Approve', disabled: false });
    // The code typed in stage 1 keeps the key: the flow stays in stage 1 and commits what was typed.
    actor.send({ type: 'INPUT', input: { code: '123456' }, key: 'totp', invalid: '' });
    actor.send({ type: 'PRESS' });
    await flush();
    expect(commitInputs).toEqual([{ transactionId: null, input: { code: '123456' } }]);
    commits[0]!.resolve(ok({ recovery_codes: ['a'] }));
    await flush();
    expect(button(actor)).toEqual({ text: DONE_LABEL, disabled: true });
    await vi.advanceTimersByTimeAsync(AFTER_SUCCESS_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['refresh', 'leave']);
  });

  it("shows a fee-less flow's refused setup on the button; the next press prepares again", async () => {
    const actor = start({ input: {}, key: 'totp', feeless: true });
    actor.send({ type: 'PRESS' });
    await flush();
    prepares[0]!.resolve(failed('Too many attempts'));
    await flush();
    expect(button(actor)).toEqual({ text: 'Too many attempts', disabled: false });
    actor.send({ type: 'PRESS' });
    actor.send({ type: 'PRESS' });
    await flush();
    expect([state(actor), prepares.length, precalcs.length, commits.length]).toEqual(['preparing', 2, 0, 0]);
  });

  it('shows an error on the button; the next press returns to stage 0 with the gas cleared', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.resolve(ok(PRECALC));
    await flush();
    actor.send({ type: 'PRESS' });
    commits[0]!.resolve(failed('Insufficent BNB balance'));
    await flush();
    expect(button(actor)).toEqual({ text: 'Insufficent BNB balance', disabled: false });
    actor.send({ type: 'PRESS' });
    expect(state(actor)).toBe('stage0');
    expect(actor.getSnapshot().context).toMatchObject({ transactionId: null, fee: null, error: '' });
    expect(commits).toHaveLength(1);
  });

  it('shows the first amount error without its trailing period, else the message', async () => {
    expect(transactionErrorText(failed('The given data was invalid.', { amount: ['Specify correct amount.', 'x.'] }))).toBe(
      'Specify correct amount',
    );
    expect(transactionErrorText(failed('Specify correct amount', { amount: ['Specify correct amount'] }))).toBe('Specify correct amount');
    expect(transactionErrorText(failed('Specify a valid address', { to_address: ['Specify a valid address'] }))).toBe(
      'Specify a valid address',
    );
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.resolve(failed('The given data was invalid.', { amount: ['Insufficent ANGLS balance.'] }));
    await flush();
    expect(button(actor).text).toBe('Insufficent ANGLS balance');
  });

  it('turns a thrown request into an error', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.reject(new Error('boom'));
    await flush();
    expect(button(actor).text).toBe('boom');
  });

  it('returns to stage 0 and clears the gas when the input changes in stage 1, not for the same input', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.resolve(ok(PRECALC));
    await flush();
    actor.send({ type: 'INPUT', input: { amount: '1' }, key: 'a', invalid: '' });
    expect(state(actor)).toBe('stage1');
    actor.send({ type: 'INPUT', input: { amount: '2' }, key: 'b', invalid: '' });
    expect(state(actor)).toBe('stage0');
    expect(actor.getSnapshot().context).toMatchObject({ transactionId: null, fee: null, input: { amount: '2' } });
    actor.send({ type: 'PRESS' });
    await flush();
    expect(precalcInputs).toEqual([{ amount: '1' }, { amount: '2' }]);
  });

  it('drops a precalculation whose input changed while it ran', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    await flush();
    actor.send({ type: 'INPUT', input: { amount: '3' }, key: 'c', invalid: '' });
    expect(state(actor)).toBe('stage0');
    precalcs[0]!.resolve(ok(PRECALC));
    await flush();
    expect(state(actor)).toBe('stage0');
    expect(actor.getSnapshot().context.transactionId).toBeNull();
  });

  it('clears an error when the input changes', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.resolve(failed('nope'));
    await flush();
    actor.send({ type: 'INPUT', input: { amount: '4' }, key: 'd', invalid: '' });
    expect(state(actor)).toBe('stage0');
    expect(button(actor).text).toBe('Precalculate');
  });

  it('keeps committing when the input changes meanwhile, and the commit is for what was pressed', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.resolve(ok(PRECALC));
    await flush();
    actor.send({ type: 'PRESS' });
    actor.send({ type: 'INPUT', input: { amount: '9' }, key: 'z', invalid: '' });
    expect(state(actor)).toBe('committing');
    await flush();
    expect(commitInputs[0]!.transactionId).toBe('tx-1');
    commits[0]!.resolve(ok({}));
    await flush();
    expect(state(actor)).toBe('done');
  });

  it('routes an unactivated player to activation instead of sending', async () => {
    const actor = start({ input: {}, key: 'a', activation: '/startergas' });
    expect(button(actor)).toEqual({ text: INVOKE_LABEL, disabled: false });
    actor.send({ type: 'PRESS' });
    expect(log).toEqual(['activate /startergas']);
    expect(state(actor)).toBe('stage0');
    actor.send({ type: 'STATUS', activation: '/starterbuy', locked: false });
    actor.send({ type: 'PRESS' });
    expect(log).toEqual(['activate /startergas', 'activate /starterbuy']);
    await flush();
    expect(precalcInputs).toEqual([]);
  });

  it('sends nothing while locked or invalid, and says why', async () => {
    const actor = start({ input: {}, key: 'a', locked: true });
    expect(button(actor)).toEqual({ text: LOCKED_LABEL, disabled: true });
    actor.send({ type: 'PRESS' });
    actor.send({ type: 'STATUS', activation: null, locked: false });
    actor.send({ type: 'INPUT', input: {}, key: 'b', invalid: 'Specify a valid address' });
    expect(button(actor)).toEqual({ text: 'Specify a valid address', disabled: true });
    actor.send({ type: 'PRESS' });
    await flush();
    expect(precalcInputs).toEqual([]);
    expect(state(actor)).toBe('stage0');
  });

  it('refuses the approve press when the gas made the balance short', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    precalcs[0]!.resolve(ok(PRECALC));
    await flush();
    actor.send({ type: 'INPUT', input: { amount: '1' }, key: 'a', invalid: 'Insufficent BNB balance' });
    expect(button(actor)).toEqual({ text: 'Insufficent BNB balance', disabled: true });
    actor.send({ type: 'PRESS' });
    await flush();
    expect(commitInputs).toEqual([]);
  });

  it('commits at once in direct mode (no precalculation)', async () => {
    const actor = start({ input: { shop_item_id: 4 }, key: 'p4', direct: true });
    actor.send({ type: 'PRESS' });
    await flush();
    expect(precalcInputs).toEqual([]);
    expect(commitInputs).toEqual([{ transactionId: null, input: { shop_item_id: 4 } }]);
  });

  it('keeps the server\u2019s word that a withdrawal\u2019s address is a contract for the confirm step, and forgets it with the stage', async () => {
    const actor = start();
    actor.send({ type: 'PRESS' });
    await flush();
    precalcs[0]!.resolve(ok({ ...PRECALC, precalcData: { ...PRECALC.precalcData, destination: 'chain', address_has_code: true } }));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ destination: 'chain', addressHasCode: true });
  });

  it('puts Done! over everything, and the error over Processing and activation', () => {
    const ctx = {
      input: {},
      key: '',
      activation: '/startergas',
      locked: true,
      invalid: 'x',
      direct: false,
      feeless: false,
      transactionId: null,
      fee: null,
      destination: null,
      addressHasCode: false,
      error: 'E',
    };
    expect(transactionButton('done', ctx, LABELS).text).toBe(DONE_LABEL);
    expect(transactionButton('error', ctx, LABELS).text).toBe('E');
    expect(transactionButton('committing', ctx, LABELS).text).toBe(PROCESSING_LABEL);
    expect(transactionButton('stage1', ctx, LABELS).text).toBe(INVOKE_LABEL);
    expect(transactionButton('stage1', { ...ctx, activation: null }, LABELS).text).toBe(LOCKED_LABEL);
  });
});
