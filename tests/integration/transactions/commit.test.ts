/**
 * `POST /api/transactions/{id}/commit` on both databases, with a test-only kind that really pays through
 * the ledger: owner only, exactly once (replays, 20 racing commits), expiry and refusals leave `fail` and
 * move nothing, the expiry sweep, and `transaction_update` on the owner's socket. `checkLedger` after each.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../../support/server';
import { createLedger, type Ledger } from '../../../src/server/ledger/index';
import { precalcDataOf, TRANSACTION_EXPIRED, TRANSACTION_NOT_FOUND } from '../../../src/server/domain/transactions/index';
import type { ServerMessage } from '../../../src/shared/api/socket';
import { anglsOf, fund, precalcPay, TEST_PAY, TEST_PAY_REFUSED } from './support/testKind';

describe.each(dialectsFor(inject('pgAdminUrl')))('transaction commit on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
    ledger = createLedger(s.testDb.db, s.clock);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  /** Two registered players; the payer holds `amount` ANGLS units. */
  async function pair(tag: string, amount = 1_000n) {
    const payer = await registerPlayer(s, `${tag}p`);
    const payee = await registerPlayer(s, `${tag}q`);
    if (amount > 0n) await fund(ledger, payer.user.id, amount, tag);
    return { payer, payee, balances: async () => [await anglsOf(ledger, payer.user.id), await anglsOf(ledger, payee.user.id)] };
  }

  const statusOf = async (id: string) =>
    await s.testDb.db.kysely.selectFrom('transactions').select(['status', 'message']).where('id', '=', id).executeTakeFirstOrThrow();
  const commit = (client: TestClient, id: string, headers: Record<string, string> = {}) =>
    client.post(`/api/transactions/${id}/commit`, {}, { headers });
  const ledgerOk = async () => expect((await ledger.check()).violations).toEqual([]);

  it('commits for the owner only: another player and an unknown id get the same 404, and nothing moves', async () => {
    const { payer, payee, balances } = await pair('owner');
    const tx = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 300n);
    expect(tx.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(precalcDataOf(tx)).toEqual({
      transaction: { id: tx.id },
      precalcData: { fee: { bnb: '0.001000000', ngls: '0.00000000', busd: '0.000000' } },
    });

    const stranger = await commit(payee.client, tx.id);
    const unknown = await commit(payee.client, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ success: false, message: TRANSACTION_NOT_FOUND });
    expect(unknown.body).toEqual(stranger.body);
    for (const odd of ['%00', 'x'.repeat(60), 'x'.repeat(150), '%C3%A9t%C3%A9', `${tx.id}%20`]) {
      const res = await commit(payee.client, odd);
      expect([odd, res.status, res.body]).toEqual([odd, 404, stranger.body]);
    }
    expect(await statusOf(tx.id)).toEqual({ status: 'new', message: null });
    expect(await balances()).toEqual([1_000n, 0n]);
    expect((await commit(s.client(), tx.id)).status).toBe(401);

    const done = await commit(payer.client, tx.id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      success: true,
      data: { transaction: { id: tx.id, type: TEST_PAY, status: 'success', message: null }, result: { paid: '300' } },
    });
    expect(await balances()).toEqual([700n, 300n]);
    await ledgerOk();
  });

  it('replays a committed transaction: the first answer again, the money moved once', async () => {
    const { payer, payee, balances } = await pair('replay');
    const tx = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 250n);
    const first = await commit(payer.client, tx.id);
    const again = await commit(payer.client, tx.id);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balances()).toEqual([750n, 250n]);
    await ledgerOk();
  });

  it('moves the money once when 20 commits of one transaction race', async () => {
    const { payer, payee, balances } = await pair('race');
    // Fresh transfer ids per run: the ledger's own idempotency cannot hide a second application.
    const tx = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 100n, { fresh: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => commit(payer.client, tx.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await balances()).toEqual([900n, 100n]);
    await ledgerOk();
  });

  it('fails a commit that comes after the expiry, moves nothing, and answers the same on a retry', async () => {
    const { payer, payee, balances } = await pair('late');
    // A short life, so the advance reaches no upkeep timer: the commit itself must see the expiry.
    const tx = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 100n, { ttlMs: 1_000 });
    s.clock.advance(1_000);
    const late = await commit(payer.client, tx.id);
    expect(late.status).toBe(422);
    expect(late.body).toEqual({ success: false, message: TRANSACTION_EXPIRED });
    expect(await statusOf(tx.id)).toEqual({ status: 'fail', message: TRANSACTION_EXPIRED });
    expect((await commit(payer.client, tx.id)).body).toEqual(late.body);
    expect(await balances()).toEqual([1_000n, 0n]);
    await ledgerOk();
  });

  it('fails a refused commit with the feature\u2019s message, nothing moved, and keeps that answer', async () => {
    const { payer, payee, balances } = await pair('poor', 50n);
    const tx = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 100n);
    const refused = await commit(payer.client, tx.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: TEST_PAY_REFUSED });
    expect(await statusOf(tx.id)).toEqual({ status: 'fail', message: TEST_PAY_REFUSED });
    // Funds that arrive later do not revive a failed transaction.
    await fund(ledger, payer.user.id, 1_000n, 'poor-later');
    expect((await commit(payer.client, tx.id)).body).toEqual(refused.body);
    expect(await balances()).toEqual([1_050n, 0n]);
    await ledgerOk();
  });

  it('sweeps overdue new transactions to fail in the app\u2019s upkeep, and tells the owner\u2019s socket', async () => {
    const { payer, payee, balances } = await pair('sweep');
    const received: ServerMessage[] = [];
    const socket = connect(s.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: payer.client.cookieHeader() },
    });
    sockets.push(socket);
    socket.on('message', (m: ServerMessage) => received.push(m));
    socket.send({ method: 'sync', token: payer.user.ws_auth_token });
    await expect.poll(() => received.some((m) => m.event === 'subscribe' && m.success === true)).toBe(true);

    const stale = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 100n, { ttlMs: 60_000 });
    const fresh = await precalcPay(s.testDb.db, s.clock, payer.user.id, payee.user.id, 100n, { ttlMs: 10 * 60_000 });
    // The advance fires the upkeep timer too; on PostgreSQL a sweep skips rows another sweep holds, so
    // this one may return before that one commits: wait for the outcome, not for a particular sweep.
    s.clock.advance(60_000);
    await s.upkeep();
    await expect.poll(() => statusOf(stale.id)).toEqual({ status: 'fail', message: TRANSACTION_EXPIRED });
    expect((await statusOf(fresh.id)).status).toBe('new');
    await expect
      .poll(() => received.find((m) => m.event === 'transaction_update' && m.id === stale.id))
      .toMatchObject({
        event: 'transaction_update',
        id: stale.id,
        type: TEST_PAY,
        status: 'fail',
        message: TRANSACTION_EXPIRED,
      });

    expect((await commit(payer.client, fresh.id)).status).toBe(200);
    await expect
      .poll(() => received.find((m) => m.event === 'transaction_update' && m.id === fresh.id))
      .toMatchObject({ status: 'success' });
    expect(await balances()).toEqual([900n, 100n]);
    // A replayed commit changes nothing and says nothing new.
    await commit(payer.client, fresh.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(received.filter((m) => m.event === 'transaction_update' && m.id === fresh.id)).toHaveLength(1);
    await ledgerOk();
  });
});
