/** The server-event bus: delivery by name, unsubscribe, one failing handler not hurting the others, and the resync rule (subscribe, seq gaps, malformed messages). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onResync, onServerEvent, publishServerEvent, resetServerEvents } from '../../../../src/client/net/serverEvents';

/** The fields every `game_ended` carries. */
const ENDED = { game_id: 1, threshold: '0.5', hash: 'ab'.repeat(32), next_game_id: 2 };

describe('server event bus', () => {
  const offs: (() => void)[] = [];
  afterEach(() => {
    for (const off of offs.splice(0)) off();
    vi.restoreAllMocks();
  });

  it('delivers a message only to handlers of its event, until they unsubscribe', () => {
    const ended: unknown[] = [];
    const items: unknown[] = [];
    const off = onServerEvent('game_ended', (m) => void ended.push(m));
    offs.push(onServerEvent('item_arrived', (m) => void items.push(m.id)));
    publishServerEvent({ event: 'game_ended', _nonce: 'a', ...ENDED });
    publishServerEvent({ event: 'item_arrived', _nonce: 'b', id: 6 });
    publishServerEvent({ event: 'unknown_event', _nonce: 'c' });
    expect(ended).toEqual([{ event: 'game_ended', _nonce: 'a', ...ENDED }]);
    expect(items).toEqual([6]);
    off();
    publishServerEvent({ event: 'game_ended', _nonce: 'd', ...ENDED });
    expect(ended).toHaveLength(1);
  });

  it('keeps delivering when one handler throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    offs.push(
      onServerEvent('yell', () => {
        throw new Error('boom');
      }),
    );
    offs.push(onServerEvent('yell', (m) => void seen.push(m._nonce)));
    publishServerEvent({ event: 'yell', _nonce: 'y1' });
    expect(seen).toEqual(['y1']);
    expect(error).toHaveBeenCalledOnce();
  });

  it('a handler may unsubscribe itself while being called', () => {
    const seen: string[] = [];
    const off = onServerEvent('subscribe', (m) => {
      seen.push(m._nonce);
      off();
    });
    publishServerEvent({ event: 'subscribe', _nonce: 's1', success: true });
    publishServerEvent({ event: 'subscribe', _nonce: 's2', success: true });
    expect(seen).toEqual(['s1']);
  });
});

describe('server event bus: resync rule', () => {
  const offs: (() => void)[] = [];
  let resyncs: string[];
  beforeEach(() => {
    resetServerEvents();
    resyncs = [];
    offs.push(onResync((reason) => void resyncs.push(reason)));
  });
  afterEach(() => {
    for (const off of offs.splice(0)) off();
    vi.restoreAllMocks();
  });

  const msg = (event: string, seq: number | undefined, fields: Record<string, unknown> = {}) => ({
    ...fields,
    event,
    _nonce: `${event}-${seq}-${Math.random()}`,
    ...(seq === undefined ? {} : { seq }),
  });

  it('asks features to refetch on every successful (re)subscribe, not on a refused one', () => {
    publishServerEvent(msg('subscribe', 0, { success: true }));
    publishServerEvent(msg('subscribe', undefined, { success: false }));
    publishServerEvent(msg('subscribe', 4, { success: true }));
    expect(resyncs).toEqual(['subscribed', 'subscribed']);
  });

  it('follows seq from the subscribe answer and asks for a refetch when one is skipped', () => {
    const items: unknown[] = [];
    offs.push(onServerEvent('item_arrived', (m) => void items.push(m.seq)));
    publishServerEvent(msg('subscribe', 2, { success: true }));
    publishServerEvent(msg('item_arrived', 3));
    publishServerEvent(msg('item_arrived', 4));
    expect(resyncs).toEqual(['subscribed']);
    publishServerEvent(msg('item_arrived', 6)); // 5 never arrived
    expect(resyncs).toEqual(['subscribed', 'gap']);
    expect(items).toEqual([3, 4, 6]);
    publishServerEvent(msg('item_arrived', 7));
    expect(resyncs).toHaveLength(2);
  });

  it('a gap right after subscribing counts, and unsequenced broadcasts never do', () => {
    publishServerEvent(msg('subscribe', 5, { success: true }));
    publishServerEvent(msg('yell', undefined));
    publishServerEvent(msg('item_arrived', undefined));
    expect(resyncs).toEqual(['subscribed']);
    publishServerEvent(msg('game_ended', 7, ENDED));
    expect(resyncs).toEqual(['subscribed', 'gap']);
  });

  it('a resubscription restarts the count: a lower seq after it is no gap', () => {
    publishServerEvent(msg('subscribe', 9, { success: true }));
    publishServerEvent(msg('item_arrived', 10));
    publishServerEvent(msg('subscribe', 0, { success: true })); // the server forgot the player between sockets
    publishServerEvent(msg('item_arrived', 1));
    expect(resyncs).toEqual(['subscribed', 'subscribed']);
  });

  it('drops a message that breaks its event schema, and asks for a refetch instead', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const likes: unknown[] = [];
    offs.push(onServerEvent('forumlike', (m) => void likes.push(m.name_from)));
    publishServerEvent(msg('forumlike', undefined, { id: 1, id_from: 2 }));
    publishServerEvent(msg('transaction_update', undefined, { status: 'lost' }));
    expect(likes).toEqual([]);
    expect(resyncs).toEqual(['malformed', 'malformed']);
    expect(error).toHaveBeenCalledTimes(2);
    publishServerEvent(msg('forumlike', undefined, { id: 1, id_from: 2, name_from: 'ann' }));
    expect(likes).toEqual(['ann']);
  });

  it('a throwing resync handler does not stop the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    offs.push(
      onResync(() => {
        throw new Error('boom');
      }),
    );
    const seen: string[] = [];
    offs.push(onResync((r) => void seen.push(r)));
    publishServerEvent(msg('subscribe', 0, { success: true }));
    expect(seen).toEqual(['subscribed']);
  });
});
