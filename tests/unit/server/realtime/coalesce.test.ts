/** Coalescing one player's events for the original client: one frame per purchase, the last of each event. */
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../../src/shared/api/socket';
import { coalesceMessages } from '../../../../src/server/realtime/coalesce';
import { originalShape } from '../../../../src/server/realtime/originalShapes';

const msg = (event: string, seq: number, fields: Record<string, unknown> = {}): ServerMessage => ({
  event,
  _nonce: `n${seq}`,
  seq,
  ...fields,
});

describe('coalesceMessages', () => {
  it('folds a purchase\u2019s transaction_update into its item_arrived', () => {
    const out = coalesceMessages([
      originalShape(msg('transaction_update', 1, { id: 't1', status: 'new' })),
      originalShape(msg('transaction_update', 2, { id: 't1', status: 'success' })),
      originalShape(msg('item_arrived', 3, { item_id: 6, quantity: 1 })),
    ]);
    expect(out).toEqual([
      { event: 'item_arrived', _nonce: 'n3', seq: 3, item_id: 6, quantity: 1, item: 6, transaction: { id: 't1', status: 'success' } },
    ]);
  });

  it('keeps the last of each event, in the order of their last occurrence', () => {
    const out = coalesceMessages([
      msg('training_failed', 1, { oogle_id: 1 }),
      msg('forumlike', 2, { id_from: 3 }),
      msg('training_failed', 3, { oogle_id: 2 }),
    ]);
    expect(out.map((m) => [m.event, m.seq])).toEqual([
      ['forumlike', 2],
      ['training_failed', 3],
    ]);
  });

  it('passes a lone message unchanged', () => {
    const one = msg('game_ended', 1, { game_id: 4 });
    expect(coalesceMessages([one])).toEqual([one]);
  });
});

describe('originalShape', () => {
  it('nests the transaction and names the arrived item as the original reads them', () => {
    expect(originalShape(msg('transaction_update', 1, { id: 'x', status: 'pending', amount: '1' }))).toEqual({
      event: 'transaction_update',
      _nonce: 'n1',
      seq: 1,
      id: 'x',
      status: 'pending',
      amount: '1',
      transaction: { id: 'x', status: 'pending', amount: '1' },
    });
    expect(originalShape(msg('item_arrived', 2, { item_id: 4, quantity: 1 }))).toMatchObject({ item: 4, item_id: 4 });
    const other = msg('forumlike', 3);
    expect(originalShape(other)).toBe(other);
  });
});
