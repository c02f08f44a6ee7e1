/**
 * Request records on both databases: a retried request replays its first answer with no second effect,
 * concurrent twins run the effect once, a key reused for another request is refused with nothing written,
 * and two players' equal keys are two records.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { systemClock } from '../../../src/server/clock';
import { checkLedger, createLedger, playerAccount, transfer, type Ledger } from '../../../src/server/ledger/index';
import { AppError } from '../../../src/server/domain/errors';
import { requestHash } from '../../../src/server/domain/requests/requestHash';
import { REQUEST_KEY_REUSED, withRequestRecord } from '../../../src/server/domain/requests/requestRecords';
import { anglsOf, fund, insertUser } from './support/testKind';

describe.each(dialectsFor(inject('pgAdminUrl')))('request records on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  let effects = 0;
  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, systemClock);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  async function players(tag: string): Promise<[number, number]> {
    const a = await insertUser(t.db, `${tag}a`, systemClock.now());
    const b = await insertUser(t.db, `${tag}b`, systemClock.now());
    await fund(ledger, a, 1_000n, `${tag}a`);
    await fund(ledger, b, 1_000n, `${tag}b`);
    return [a, b];
  }

  /**
   * A money-moving request under `key`: pays 10 units from `from` to `to` with a transfer id of its own
   * each run (`effect:n`), so only the record stands between a retry and a second payment.
   */
  function pay(from: number, to: number, key: string, body: unknown = { amount: '10' }) {
    const hash = requestHash({ method: 'POST', path: '/api/test/pay', body });
    return ledger.run((tx) =>
      withRequestRecord(tx, from, key, hash, async () => {
        const id = `effect:${effects++}`;
        await transfer(tx, {
          id,
          debit: await playerAccount(tx, from, 'ANGLS'),
          credit: await playerAccount(tx, to, 'ANGLS'),
          amount: 10n,
          code: 'test',
        });
        return { transfer: id, amount: 10n, at: tx.now };
      }),
    );
  }

  const recordCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('request_records')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('replays the first answer (bigints exact) and moves the money once', async () => {
    const [a, b] = await players('replay');
    const first = await pay(a, b, 'k-1');
    const again = await pay(a, b, 'k-1');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ result: first.result, replayed: true });
    expect(again.result.amount).toBe(10n);
    expect([await anglsOf(ledger, a), await anglsOf(ledger, b)]).toEqual([990n, 1_010n]);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it('refuses the same key for a different request and writes nothing', async () => {
    const [a, b] = await players('reuse');
    await pay(a, b, 'k-reuse', { amount: '10' });
    const records = await recordCount();
    const err = await pay(a, b, 'k-reuse', { amount: '20' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 422, message: REQUEST_KEY_REUSED, errors: { idempotency_key: [REQUEST_KEY_REUSED] } });
    expect(await recordCount()).toBe(records);
    expect([await anglsOf(ledger, a), await anglsOf(ledger, b)]).toEqual([990n, 1_010n]);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it('runs the effect once when 20 identical requests race', async () => {
    const [a, b] = await players('race');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => pay(a, b, 'k-race')));
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    const first = outcomes.find((o) => !o.replayed)!.result;
    for (const o of outcomes) expect(o.result).toEqual(first);
    expect([await anglsOf(ledger, a), await anglsOf(ledger, b)]).toEqual([990n, 1_010n]);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it('keeps two players\u2019 equal keys apart', async () => {
    const [a, b] = await players('apart');
    const fromA = await pay(a, b, 'shared-key');
    const fromB = await pay(b, a, 'shared-key');
    expect([fromA.replayed, fromB.replayed]).toEqual([false, false]);
    expect(fromB.result.transfer).not.toBe(fromA.result.transfer);
    // Each paid 10 to the other: both moved.
    expect([await anglsOf(ledger, a), await anglsOf(ledger, b)]).toEqual([1_000n, 1_000n]);
    expect(
      (await t.db.kysely.selectFrom('request_records').select('user_id').where('request_key', '=', 'shared-key').execute())
        .map((r) => r.user_id)
        .sort(),
    ).toEqual([a, b].sort());
  });

  it('stores nothing when the request fails, so a retry runs afresh', async () => {
    const [a] = await players('fails');
    const hash = requestHash({ method: 'POST', path: '/api/test/fail' });
    const failing = ledger.run((tx) =>
      withRequestRecord(tx, a, 'k-fail', hash, async () => {
        throw new AppError(422, 'refused');
      }),
    );
    await expect(failing).rejects.toThrow('refused');
    expect(await t.db.kysely.selectFrom('request_records').selectAll().where('request_key', '=', 'k-fail').execute()).toEqual([]);
    const retry = await ledger.run((tx) => withRequestRecord(tx, a, 'k-fail', hash, async () => 'ok'));
    expect(retry).toEqual({ result: 'ok', replayed: false });
  });

  it('refuses malformed keys before writing', async () => {
    const [a] = await players('badkey');
    for (const key of ['', 'x'.repeat(256), 'with space', 'caf\u00e9', 'nul\u0000']) {
      await expect(ledger.run((tx) => withRequestRecord(tx, a, key, 'h', async () => 1))).rejects.toMatchObject({ status: 422 });
    }
    expect(await t.db.kysely.selectFrom('request_records').selectAll().where('user_id', '=', a).execute()).toEqual([]);
  });
});
