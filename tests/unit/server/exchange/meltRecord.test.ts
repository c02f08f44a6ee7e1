/**
 * The weekly melt record on a real in-memory SQLite ledger, through the exchange's own entry point: each
 * melt adds exactly the ANGLS it took from the player to this week's total, in the trade's commit; a
 * refused melt and a mint add nothing; a new week starts from zero and keeps the old week's total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeTrade } from '../../../../src/server/domain/exchange/executeTrade';
import { ensureExchangePools } from '../../../../src/server/domain/exchange/exchangePools';
import { meltAllowanceLeft, meltedThisWeek, weekStartOf } from '../../../../src/server/domain/exchange/meltAllowance';
import { WEEKLY_LIMIT_EXCEEDED } from '../../../../src/server/domain/wallet/walletTexts';
import { WEEK_MS } from '../../../../src/server/domain/exchange/exchangeConfig';
import { createLedger, ensureGenesis, playerAccount, systemAccount, transfer, type Ledger } from '../../../../src/server/ledger/index';
import { manualClock } from '../../../../src/server/clock';
import type { Db } from '../../../../src/server/db/database';
import { insertPlayer, memoryDb } from '../../support/memoryDb';

const ANGLS = 100_000_000n;
const LEVEL = 1; // 100 ANGLS a week
const OVER = `refused: ${WEEKLY_LIMIT_EXCEEDED}.`;

describe('melt recording', () => {
  let db: Db;
  let ledger: Ledger;
  let userId: number;
  // A Wednesday noon: the week began on Monday.
  const clock = manualClock(Date.UTC(2026, 0, 7, 12));

  beforeAll(async () => {
    db = await memoryDb();
    await ensureGenesis(db, clock);
    await ensureExchangePools(db, clock);
    ledger = createLedger(db, clock);
    userId = await insertPlayer(db, clock, LEVEL);
    await ledger.run(async (tx) => {
      const player = (asset: string) => playerAccount(tx, userId, asset);
      await transfer(tx, {
        id: 'fund-angls',
        debit: await systemAccount(tx, 'genesis', 'ANGLS'),
        credit: await player('ANGLS'),
        amount: 300n * ANGLS,
        code: 'test',
      });
      await transfer(tx, {
        id: 'fund-usdc',
        debit: await systemAccount(tx, 'genesis', 'USDC'),
        credit: await player('USDC'),
        amount: 10_000_000n,
        code: 'test',
      });
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  const trade = async (from: string, to: string, amount: string) => {
    try {
      await executeTrade(ledger, { id: userId, start_gas: 1, start_pack: 1 }, { from_currency: from, to_currency: to, amount }, undefined);
      return 'ok';
    } catch (e) {
      return `refused: ${e instanceof Error ? e.message : String(e)}`;
    }
  };
  const angls = async () => (await ledger.balancesOf(userId)).ngls;
  const melted = () => meltedThisWeek(db.kysely, userId, clock.now());
  const left = () => meltAllowanceLeft(db.kysely, userId, LEVEL, clock.now());

  it('adds each melt to the week, by the ANGLS the player paid', async () => {
    const before = await angls();
    expect(await trade('ngls', 'busd', '60')).toBe('ok');
    expect(before - (await angls())).toBe(60n * ANGLS);
    expect(await melted()).toBe(60n * ANGLS);
    expect(await left()).toBe(40n * ANGLS);
    expect(await trade('ngls', 'busd', '0.5')).toBe('ok');
    expect(await melted()).toBe(60n * ANGLS + ANGLS / 2n);
  });

  it('records nothing for a refused melt or for a mint', async () => {
    const was = await melted();
    expect(await trade('ngls', 'busd', '39.50000001')).toBe(OVER);
    expect(await melted()).toBe(was);
    expect(await trade('busd', 'ngls', '1')).toBe('ok');
    expect(await melted()).toBe(was);
    expect(await trade('ngls', 'busd', '39.5')).toBe('ok');
    expect(await melted()).toBe(100n * ANGLS);
    expect(await left()).toBe(0n);
    expect(await trade('ngls', 'busd', '0.01')).toBe(OVER);
  });

  it('starts a new week at zero and keeps the old week as it was', async () => {
    const lastWeek = weekStartOf(clock.now());
    clock.advance(WEEK_MS);
    expect(await melted()).toBe(0n);
    expect(await trade('ngls', 'busd', '25')).toBe('ok');
    const rows = await db.kysely
      .selectFrom('weekly_melts')
      .select(['week_start', 'melted'])
      .where('user_id', '=', userId)
      .orderBy('week_start')
      .execute();
    expect(rows.map((r) => [Number(r.week_start), r.melted])).toEqual([
      [lastWeek, 100n * ANGLS],
      [lastWeek + WEEK_MS, 25n * ANGLS],
    ]);
    expect((await ledger.check()).violations).toEqual([]);
  });
});
