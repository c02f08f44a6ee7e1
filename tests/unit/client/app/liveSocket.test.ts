/** liveSocket follows $session: a user starts the socket, a new token restarts it, a guest stops it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '../../../../src/shared/api/socket';
import { closeLiveSocket, startLiveSocket } from '../../../../src/client/app/liveSocket';
import { onServerEvent } from '../../../../src/client/net/serverEvents';
import type { SocketTransport, TransportListener } from '../../../../src/client/net/socket';
import { $session, setGuest, setUser } from '../../../../src/client/stores/session';
import { $socketState } from '../../../../src/client/stores/socketState';
import { makeUser } from '../machines/fixtures';

class FakeTransport implements SocketTransport {
  listener: TransportListener | undefined;
  sent: ClientMessage[] = [];
  closed = false;
  connect(listener: TransportListener) {
    this.listener = listener;
  }
  send(message: ClientMessage) {
    this.sent.push(message);
  }
  close() {
    this.closed = true;
  }
}

describe('liveSocket', () => {
  let transports: FakeTransport[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    $session.set({ status: 'unknown', user: null, authError: false });
    transports = [];
    stop = startLiveSocket(() => {
      const t = new FakeTransport();
      transports.push(t);
      return t;
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('waits for the status answer, then subscribes with the user token and publishes to the bus', () => {
    setUser(makeUser({ ws_auth_token: 'tok-a' }));
    expect(transports).toHaveLength(1);
    expect($socketState.get()).toBe('connecting');
    const items: unknown[] = [];
    const off = onServerEvent('item_arrived', (m) => void items.push(m.id));
    transports[0]!.listener!.open();
    expect(transports[0]!.sent).toEqual([{ method: 'sync', token: 'tok-a' }]);
    transports[0]!.listener!.message({ event: 'subscribe', _nonce: 's', success: true });
    expect($socketState.get()).toBe('subscribed');
    transports[0]!.listener!.message({ event: 'item_arrived', _nonce: 'i', id: 3 });
    expect(items).toEqual([3]);
    off();
  });

  it('ignores session updates with the same token, restarts on a new one, stops for a guest', () => {
    setUser(makeUser({ ws_auth_token: 'tok-a' }));
    setUser(makeUser({ ws_auth_token: 'tok-a', xp: 99 }));
    expect(transports).toHaveLength(1);
    setUser(makeUser({ ws_auth_token: 'tok-b' }));
    expect(transports).toHaveLength(2);
    expect(transports[0]!.closed).toBe(true);
    setGuest();
    expect(transports[1]!.closed).toBe(true);
    expect($socketState.get()).toBe('stopped');
  });

  it('closeLiveSocket stops at once and a later login starts again; the teardown stops everything', () => {
    setUser(makeUser({ ws_auth_token: 'tok-a' }));
    closeLiveSocket();
    expect(transports[0]!.closed).toBe(true);
    expect($socketState.get()).toBe('stopped');
    setGuest();
    setUser(makeUser({ ws_auth_token: 'tok-a' }));
    expect(transports).toHaveLength(2);
    stop();
    expect(transports[1]!.closed).toBe(true);
    setUser(makeUser({ ws_auth_token: 'tok-c' }));
    expect(transports).toHaveLength(2);
  });
});
