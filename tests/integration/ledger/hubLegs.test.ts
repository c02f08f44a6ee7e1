/**
 * `postHubLegs` books exactly what `postBulk` books for the same transfers in the same order: two databases
 * set up alike, one batch through each path, every transfer, entry and account row compared. Refusals name
 * the same transfer and store nothing; a re-apply books nothing twice. Both databases, a few thousand spokes
 * so that the writes span several slices.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import type { Db } from '../../../src/server/db/database';
import {
  checkLedger,
  createLedger,
  eidolAccount,
  ensureGenesis,
  getAccount,
  isLedgerError,
  postBulk,
  postHubLegs,
  systemAccount,
  type HubLegs,
  type PostedInput,
} from '../../../src/server/ledger/index';

const SPOKES = 3000;
const LEGS = ['bet', 'win', 'mined'] as const;

/** Genesis, the pool funded, SPOKES eidol accounts funded 1000 each: ids come out the same in every database. */
async function setUp(db: Db): Promise<{ pool: number; spokes: number[] }> {
  const clock = manualClock(Date.UTC(2026, 0, 1));
  const ledger = createLedger(db, clock);
  await ensureGenesis(db, clock);
  return ledger.run(async (tx) => {
    const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
    const reserve = await systemAccount(tx, 'gscb_reserve', 'ANGLS');
    const opened: number[] = [];
    for (let i = 1; i <= SPOKES; i++) opened.push(await eidolAccount(tx, i));
    await postBulk(
      tx,
      opened.map((id) => ({ id: `fund:${id}`, debit: reserve, credit: id, amount: 1000n, code: 'fund' })),
    );
    // Rows in a shuffled order, so account ids do not follow rows (the lock order must sort them).
    return { pool, spokes: opened.map((_, i) => opened[(i * 7919) % SPOKES]!) };
  });
}

/** A round's shape: most rows bet, a third win, most are paid emission; some rows move nothing at all. */
function legsOf(pool: number, spokes: readonly number[], tag: string): HubLegs {
  const amounts = LEGS.map(() => new BigInt64Array(spokes.length));
  spokes.forEach((_, i) => {
    if (i % 11 === 0) return;
    amounts[0]![i] = BigInt(10 + (i % 50));
    if (i % 3 === 0) amounts[1]![i] = BigInt(2 * (10 + (i % 50)) + (i % 7));
    if (i % 5 !== 0) amounts[2]![i] = BigInt(1 + (i % 4));
  });
  return {
    hub: pool,
    spokes: Float64Array.from(spokes),
    legs: LEGS.map((code, l) => ({ code, toHub: l === 0, amounts: amounts[l]! })),
    transferId: (row, leg) => `${tag}:${row}:${LEGS[leg]}`,
    ref: tag,
  };
}

/** The same batch as objects, in batch order (leg after leg, row after row, amounts > 0 only). */
function asInputs(b: HubLegs): PostedInput[] {
  const out: PostedInput[] = [];
  b.legs.forEach((leg, l) =>
    leg.amounts.forEach((a, i) => {
      if (a === 0n) return;
      const spoke = b.spokes[i]!;
      out.push({
        id: b.transferId(i, l),
        debit: leg.toHub ? spoke : b.hub,
        credit: leg.toHub ? b.hub : spoke,
        amount: a,
        code: leg.code,
        ref: b.ref!,
      });
    }),
  );
  return out;
}

async function rowsOf(db: Db) {
  const k = db.kysely;
  return {
    transfers: await k.selectFrom('ledger_transfers').selectAll().orderBy('id').execute(),
    entries: await k.selectFrom('ledger_entries').selectAll().orderBy('account_id').orderBy('account_version').execute(),
    accounts: await k.selectFrom('ledger_accounts').selectAll().orderBy('id').execute(),
  };
}

describe.each(dialectsFor(inject('pgAdminUrl')))('postHubLegs on %s', (dialect) => {
  let hubDb: TestDb, bulkDb: TestDb;
  let pool: number, spokes: number[];
  const clock = manualClock(Date.UTC(2026, 0, 2));

  beforeAll(async () => {
    hubDb = await createTestDb(dialect, inject('pgAdminUrl'));
    bulkDb = await createTestDb(dialect, inject('pgAdminUrl'));
    ({ pool, spokes } = await setUp(hubDb.db));
    expect(await setUp(bulkDb.db)).toEqual({ pool, spokes });
  }, 240_000);
  afterAll(async () => {
    await destroyQuietly(hubDb);
    await destroyQuietly(bulkDb);
  });

  it('writes the very rows postBulk writes for the same transfers', async () => {
    const legs = legsOf(pool, spokes, 'r1');
    const hub = await createLedger(hubDb.db, clock).run((tx) => postHubLegs(tx, legs));
    const bulk = await createLedger(bulkDb.db, clock).run((tx) => postBulk(tx, asInputs(legs)));
    expect(hub).toEqual(bulk);
    expect(hub.created).toBeGreaterThan(1.5 * SPOKES);
    expect(await rowsOf(hubDb.db)).toEqual(await rowsOf(bulkDb.db));
    expect((await checkLedger(hubDb.db)).broken).toEqual([]);
  });

  it('books a re-applied batch once', async () => {
    const before = await rowsOf(hubDb.db);
    expect(await createLedger(hubDb.db, clock).run((tx) => postHubLegs(tx, legsOf(pool, spokes, 'r1')))).toEqual({ created: 0 });
    expect(await rowsOf(hubDb.db)).toEqual(before);
  });

  it('with `fresh`, fails on the key for a stored id and stores nothing', async () => {
    const before = await rowsOf(hubDb.db);
    await expect(
      createLedger(hubDb.db, clock).run((tx) => postHubLegs(tx, { ...legsOf(pool, spokes, 'r1'), fresh: true })),
    ).rejects.toThrow();
    expect(await rowsOf(hubDb.db)).toEqual(before);
  });

  it('refuses the transfer postBulk refuses, with its index, and stores nothing', async () => {
    const poolBalance = (await getAccount(hubDb.db.kysely, pool))!.balance;
    const legs = legsOf(pool, spokes, 'r2');
    // A win the pool cannot pay, early among the rows, and an overdrawn spoke on the last row of the bets: the
    // bets come first in batch order, so that is the first refusal (a row-by-row booking would find the win).
    legs.legs[1]!.amounts[3] = poolBalance * 2n;
    legs.legs[0]!.amounts[SPOKES - 1] = 1_000_000n;
    const before = await rowsOf(hubDb.db);
    const hubErr = await createLedger(hubDb.db, clock)
      .run((tx) => postHubLegs(tx, legs))
      .catch((e: unknown) => e);
    const bulkErr = await createLedger(bulkDb.db, clock)
      .run((tx) => postBulk(tx, asInputs(legs)))
      .catch((e: unknown) => e);
    expect(isLedgerError(hubErr, 'exceeds_balance')).toBe(true);
    expect([(hubErr as Error).message, (hubErr as { index?: number }).index]).toEqual([
      (bulkErr as Error).message,
      (bulkErr as { index?: number }).index,
    ]);
    expect(await rowsOf(hubDb.db)).toEqual(before);
  });

  it('refuses a spoke listed twice before locking anything', async () => {
    const legs = legsOf(pool, spokes, 'r3');
    legs.spokes[2] = legs.spokes[1]!;
    const err = await createLedger(hubDb.db, clock)
      .run((tx) => postHubLegs(tx, legs))
      .catch((e: unknown) => e);
    expect(isLedgerError(err, 'invalid_transfer')).toBe(true);
  });
});
