/** The server-event bus: delivery by name, unsubscribe, and one failing handler not hurting the others. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onServerEvent, publishServerEvent } from '../../../../src/client/net/serverEvents';

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
    publishServerEvent({ event: 'game_ended', _nonce: 'a', game_id: 1 });
    publishServerEvent({ event: 'item_arrived', _nonce: 'b', id: 6 });
    publishServerEvent({ event: 'unknown_event', _nonce: 'c' });
    expect(ended).toEqual([{ event: 'game_ended', _nonce: 'a', game_id: 1 }]);
    expect(items).toEqual([6]);
    off();
    publishServerEvent({ event: 'game_ended', _nonce: 'd' });
    expect(ended).toHaveLength(1);
  });

  it('keeps delivering when one handler throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    offs.push(onServerEvent('forumyell', () => {
      throw new Error('boom');
    }));
    offs.push(onServerEvent('forumyell', (m) => void seen.push(m._nonce)));
    publishServerEvent({ event: 'forumyell', _nonce: 'y1' });
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
