/**
 * Fixtures of the wallet tests: a server with genesis and the exchange pools issued, funding a player in
 * any asset from genesis, the activation flags, account balances, and what a refusal must leave unchanged.
 */
import { expect } from 'vitest';
import type { DialectName } from '../../../../src/server/db/database';
import { ensureExchangePools } from '../../../../src/server/domain/exchange/exchangePools';
import {
  getAccount,
  playerAccount,
  systemAccount,
  transfer,
  type Ledger,
  type SystemAccountName,
} from '../../../../src/server/ledger/index';
import { startGameServer, type GameServer } from '../../../support/gameFixtures';
import type { TestServer } from '../../../support/server';

/** Starts a game server and funds the exchange pools (what main.ts does at start). */
export async function startWalletServer(dialect: DialectName, pgAdminUrl: string): Promise<GameServer> {
  const game = await startGameServer(dialect, pgAdminUrl);
  expect(await ensureExchangePools(game.server.testDb.db, game.server.clock)).toBe(true);
  expect(await ensureExchangePools(game.server.testDb.db, game.server.clock)).toBe(false);
  return game;
}

let fundSeq = 0;

/** Gives the player `units` of `asset` from genesis (a test-only transfer). */
export async function fundPlayer(ledger: Ledger, userId: number, asset: string, units: bigint): Promise<void> {
  fundSeq += 1;
  await ledger.run(async (tx) => {
    await transfer(tx, {
      id: `test-fund:w${fundSeq}:${userId}`,
      debit: await systemAccount(tx, 'genesis', asset),
      credit: await playerAccount(tx, userId, asset),
      amount: units,
      code: 'test-fund',
    });
  });
}

/** Moves `units` of a system account back to genesis (to shrink a pool in a test); `refill` moves them back. */
export async function drainSystem(ledger: Ledger, name: SystemAccountName, asset: string, units: bigint, refill = false): Promise<void> {
  fundSeq += 1;
  await ledger.run(async (tx) => {
    const pool = await systemAccount(tx, name, asset);
    const genesis = await systemAccount(tx, 'genesis', asset);
    await transfer(tx, {
      id: `test-drain:w${fundSeq}`,
      debit: refill ? genesis : pool,
      credit: refill ? pool : genesis,
      amount: units,
      code: 'test-drain',
    });
  });
}

/** Sets the activation flags (and optionally the level) of a player. */
export async function setFlags(
  s: TestServer,
  userId: number,
  flags: { start_gas?: number; start_pack?: number; level?: number },
): Promise<void> {
  await s.testDb.db.kysely.updateTable('users').set(flags).where('id', '=', userId).execute();
}

/** Posted balance of a player's account in `asset`. */
export async function playerBalance(ledger: Ledger, userId: number, asset: string): Promise<bigint> {
  return ledger.run(async (tx) => (await getAccount(tx.kysely, await playerAccount(tx, userId, asset)))!.balance);
}

/** Posted balance of system account `name` in `asset`. */
export async function systemBalance(ledger: Ledger, name: SystemAccountName, asset: string): Promise<bigint> {
  return ledger.run(async (tx) => (await getAccount(tx.kysely, await systemAccount(tx, name, asset)))!.balance);
}

/** Everything a refused wallet call must leave as it was. */
export async function walletSnapshot(s: TestServer): Promise<Record<string, unknown>> {
  const k = s.testDb.db.kysely;
  const count = async (table: 'ledger_transfers' | 'transactions' | 'weekly_melts' | 'eidols' | 'request_records') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const balances = await k.selectFrom('ledger_accounts').select(['id', 'balance', 'debits_pending']).orderBy('id').execute();
  const users = await k.selectFrom('users').select(['id', 'level', 'start_gas', 'start_pack']).orderBy('id').execute();
  const melts = await k.selectFrom('weekly_melts').selectAll().orderBy('user_id').orderBy('week_start').execute();
  return {
    transfers: await count('ledger_transfers'),
    transactions: await count('transactions'),
    eidols: await count('eidols'),
    records: await count('request_records'),
    balances: balances.map((b) => `${b.id}:${b.balance}:${b.debits_pending}`),
    users,
    melts: melts.map((m) => `${m.user_id}:${m.week_start}:${m.melted}`),
  };
}
