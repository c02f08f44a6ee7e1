/**
 * The `Idempotency-Key` header on the commit route, both databases: the same key and request replays,
 * the same key on another request is a 422 that commits nothing, two players' equal keys never collide,
 * and a malformed key is refused before anything is written.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../../support/server';
import { createLedger, type Ledger } from '../../../src/server/ledger/index';
import { REQUEST_KEY_REUSED } from '../../../src/server/domain/requests/requestRecords';
import { anglsOf, fund, precalcPay } from './support/testKind';

describe.each(dialectsFor(inject('pgAdminUrl')))('commit with an Idempotency-Key on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
    ledger = createLedger(s.testDb.db, s.clock);
  });
  afterAll(() => s?.close());

  async function funded(tag: string) {
    const p = await registerPlayer(s, tag);
    await fund(ledger, p.user.id, 1_000n, tag);
    return p;
  }
  const commit = (client: TestClient, id: string, key?: string, body: unknown = {}) =>
    client.post(`/api/transactions/${id}/commit`, body, { headers: key === undefined ? {} : { 'idempotency-key': key } });
  const statusOf = async (id: string) =>
    (await s.testDb.db.kysely.selectFrom('transactions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const records = async (userId: number) =>
    s.testDb.db.kysely.selectFrom('request_records').select(['request_key']).where('user_id', '=', userId).execute();
  const ledgerOk = async () => expect((await ledger.check()).violations).toEqual([]);

  it('replays the same key and request; refuses the key on another transaction and commits nothing', async () => {
    const a = await funded('keya');
    const b = await funded('keyb');
    const first = await precalcPay(s.testDb.db, s.clock, a.user.id, b.user.id, 100n);
    const second = await precalcPay(s.testDb.db, s.clock, a.user.id, b.user.id, 200n);

    const done = await commit(a.client, first.id, 'key-1');
    expect(done.status).toBe(200);
    const again = await commit(a.client, first.id, 'key-1');
    expect(again.body).toEqual(done.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const reused = await commit(a.client, second.id, 'key-1');
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ success: false, message: REQUEST_KEY_REUSED, errors: { idempotency_key: [REQUEST_KEY_REUSED] } });
    expect(await statusOf(second.id)).toBe('new');
    // Same path, different body: another request too.
    expect((await commit(a.client, first.id, 'key-1', { note: 'x' })).status).toBe(422);
    expect(await records(a.user.id)).toEqual([{ request_key: 'key-1' }]);
    expect([await anglsOf(ledger, a.user.id), await anglsOf(ledger, b.user.id)]).toEqual([900n, 1_100n]);
    await ledgerOk();
  });

  it('keeps two players\u2019 equal keys apart: each commits their own transaction', async () => {
    const a = await funded('sharea');
    const b = await funded('shareb');
    const fromA = await precalcPay(s.testDb.db, s.clock, a.user.id, b.user.id, 10n);
    const fromB = await precalcPay(s.testDb.db, s.clock, b.user.id, a.user.id, 30n);
    const ra = await commit(a.client, fromA.id, 'same-key');
    const rb = await commit(b.client, fromB.id, 'same-key');
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect([ra.headers.get('idempotent-replayed'), rb.headers.get('idempotent-replayed')]).toEqual([null, null]);
    expect(rb.body.data.transaction.id).toBe(fromB.id);
    expect([await statusOf(fromA.id), await statusOf(fromB.id)]).toEqual(['success', 'success']);
    expect([await anglsOf(ledger, a.user.id), await anglsOf(ledger, b.user.id)]).toEqual([1_020n, 980n]);
    await ledgerOk();
  });

  it('refuses a malformed key with a 422 and writes nothing', async () => {
    const a = await funded('badkey');
    const tx = await precalcPay(s.testDb.db, s.clock, a.user.id, a.user.id === 1 ? 2 : 1, 10n);
    for (const key of ['x'.repeat(256), 'two words']) {
      const res = await commit(a.client, tx.id, key);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['idempotency_key']);
    }
    expect(await statusOf(tx.id)).toBe('new');
    expect(await records(a.user.id)).toEqual([]);
    expect(await anglsOf(ledger, a.user.id)).toBe(1_000n);
  });
});
