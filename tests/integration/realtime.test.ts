/** The socket gateway: subscribe with ws_auth_token, receive pushed events, lose the socket at logout/reset. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ServerMessage } from '../../src/shared/api/socket';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('realtime gateway on %s', (dialect) => {
  let s: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  /** A socket carrying the client's cookies, with every message it receives. */
  async function open(client?: TestClient) {
    const received: ServerMessage[] = [];
    const socket = connect(s.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: client ? { cookie: client.cookieHeader() } : {},
    });
    sockets.push(socket);
    socket.on('message', (m: ServerMessage) => received.push(m));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const next = (event: string) =>
      expect
        .poll(() => received.find((m) => m.event === event), { timeout: 3000 })
        .toBeTruthy()
        .then(() => received.find((m) => m.event === event)!);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    return { socket, received, next, closed };
  }

  it('subscribes with a valid token, refuses a bad one, and delivers pushed events', async () => {
    const { client, user } = await registerPlayer(s, 'ws1');
    const good = await open(client);
    good.socket.send({ method: 'sync', token: user.ws_auth_token });
    const sub = await good.next('subscribe');
    expect(sub).toMatchObject({ event: 'subscribe', success: true });
    expect(typeof sub._nonce).toBe('string');

    const bad = await open();
    bad.socket.send({ method: 'sync', token: 'not-a-token' });
    expect(await bad.next('subscribe')).toMatchObject({ event: 'subscribe', success: false });

    s.realtime.sendToUser(user.id, 'item_arrived', { id: 6 });
    expect(await good.next('item_arrived')).toMatchObject({ event: 'item_arrived', id: 6 });
    expect(bad.received.some((m) => m.event === 'item_arrived')).toBe(false);
    good.socket.send({ method: 'ack', nonce: sub._nonce });
  });

  it('refuses a valid token without a live session of the same player', async () => {
    const { client, user } = await registerPlayer(s, 'ws5');
    const other = await registerPlayer(s, 'ws6');
    const noCookie = await open();
    noCookie.socket.send({ method: 'sync', token: user.ws_auth_token });
    expect(await noCookie.next('subscribe')).toMatchObject({ success: false });
    const otherSession = await open(other.client);
    otherSession.socket.send({ method: 'sync', token: user.ws_auth_token });
    expect(await otherSession.next('subscribe')).toMatchObject({ success: false });

    // A second tab keeps the ended session's cookie: after logout elsewhere it cannot resubscribe.
    const cookie = client.cookieHeader();
    await client.post('/api/auth/logout');
    const staleTab = connect(s.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    sockets.push(staleTab);
    const answer = new Promise<ServerMessage>((resolve) => staleTab.on('message', (m: ServerMessage) => resolve(m)));
    staleTab.on('connect', () => staleTab.send({ method: 'sync', token: user.ws_auth_token }));
    expect(await answer).toMatchObject({ event: 'subscribe', success: false });
    s.realtime.sendToUser(user.id, 'item_arrived', { id: 6 });
    await new Promise((r) => setTimeout(r, 200));
    expect([...noCookie.received, ...otherSession.received].some((m) => m.event === 'item_arrived')).toBe(false);
  });

  it('disconnects the socket of a session that logs out', async () => {
    const { client, user } = await registerPlayer(s, 'ws2');
    const live = await open(client);
    live.socket.send({ method: 'sync', token: user.ws_auth_token });
    await live.next('subscribe');
    await client.post('/api/auth/logout');
    expect(await live.closed).toBe('io server disconnect');
  });

  it('disconnects every socket of a player whose password is reset', async () => {
    const { client, user } = await registerPlayer(s, 'ws3');
    const tokenless = await open(client);
    tokenless.socket.send({ method: 'sync', token: user.ws_auth_token });
    expect(await tokenless.next('subscribe')).toMatchObject({ success: true });
    await s.client().post('/api/auth/reset-password', { email: 'playerws3@example.com' });
    const mail = await s.smtp.waitFor('playerws3@example.com', /reset/);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const res = await s.client().post('/api/auth/reset/password', {
      token,
      email: 'playerws3@example.com',
      password: 'newpass456',
      password_confirmation: 'newpass456',
    });
    expect(res.status).toBe(200);
    expect(await tokenless.closed).toBe('io server disconnect');
  });
});
