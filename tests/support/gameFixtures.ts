/**
 * Fixtures of the core loop for tests: a round row (with the fairness chain its foreign key needs), a
 * confirmed e-mail, ANGLS from genesis, and the counts and balances a "changes nothing" check compares.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Db, DialectName } from '../../src/server/db/database';
import type { Clock } from '../../src/server/clock';
import {
  createLedger,
  eidolAccount,
  ensureGenesis,
  getAccount,
  playerAccount,
  systemAccount,
  transfer,
  type Ledger,
} from '../../src/server/ledger/index';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from './server';
import { openRoundCapacity } from '../../src/server/domain/rounds/roundCapacity';
import { ECONOMY_CONFIG, type EconomyConfig } from '../../src/shared/rules/round/economyConfig';

let chainSeq = 0;

/** Times of a test round, epoch ms. */
export interface RoundTimes {
  opensAt: number;
  canActBefore: number;
  endsAt: number;
}

/**
 * Inserts an unsettled round `id` (and a fairness chain for it). The hash is a fixed dummy: these rounds are
 * never settled by the tests that use this fixture.
 */
export async function insertRound(db: Db, id: number, t: RoundTimes, config: EconomyConfig = ECONOMY_CONFIG): Promise<void> {
  chainSeq += 1;
  const terminal = `${process.pid.toString(16).padStart(8, '0')}${chainSeq.toString(16).padStart(8, '0')}`.padEnd(64, 'a');
  const chain = await db.kysely
    .insertInto('fairness_chains')
    .values({ terminal_hash: terminal, salt: `salt-${chainSeq}`, length: 1, first_round_id: id, created_at: t.opensAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('rounds')
    .values({
      id,
      chain_id: chain.id,
      position: 1,
      hash: 'b'.repeat(64),
      opens_at: t.opensAt,
      can_act_before: t.canActBefore,
      ends_at: t.endsAt,
    })
    .execute();
  // Its capacity as a production open sets it: c × the pool now, the carried-over eidols reserved.
  await openRoundCapacity(db.kysely, id, t.opensAt, config);
}

/** Marks every unsettled round settled (so the next `insertRound` is the current one). */
export async function settleAllRounds(db: Db, at: number): Promise<void> {
  await db.kysely.updateTable('rounds').set({ settled_at: at }).where('settled_at', 'is', null).execute();
}

/** Inserts a round open from now for `openMs`, then locked for `lockedMs`. */
export async function openRound(db: Db, clock: Clock, id: number, openMs = 600_000, lockedMs = 60_000): Promise<RoundTimes> {
  const now = clock.now();
  const t = { opensAt: now, canActBefore: now + openMs, endsAt: now + openMs + lockedMs };
  await insertRound(db, id, t);
  return t;
}

/** A registered player with a confirmed e-mail and the free egg. */
export async function playerWithEgg(server: TestServer, tag: string): Promise<{ client: TestClient; userId: number; eggId: number }> {
  const { client, user } = await registerPlayer(server, tag);
  await confirmEmail(server.testDb.db, user.id);
  const egg = await client.post('/api/oogle/free');
  expect(egg.status).toBe(200);
  return { client, userId: user.id, eggId: egg.body.data.id };
}

/** Confirms the player's e-mail (what the verification link does). */
export async function confirmEmail(db: Db, userId: number): Promise<void> {
  await db.kysely.updateTable('users').set({ email_confirmed: 1 }).where('id', '=', userId).execute();
}

/** A game test's server: genesis issued, its ledger, and a check that every ledger invariant holds. */
export interface GameServer {
  server: TestServer;
  ledger: Ledger;
  ledgerOk(): Promise<void>;
}

/** Starts a test server on `dialect` with the ledger's genesis issued (the mining pool pays free eggs). */
export async function startGameServer(dialect: DialectName, pgAdminUrl: string): Promise<GameServer> {
  const server = await startTestServer(dialect, pgAdminUrl);
  await ensureGenesis(server.testDb.db, server.clock);
  const ledger = createLedger(server.testDb.db, server.clock);
  return { server, ledger, ledgerOk: async () => expect((await ledger.check()).violations).toEqual([]) };
}

/** Gives the player `units` ANGLS from genesis (transfer id from `tag`). */
export async function fundAngls(db: Db, clock: Clock, userId: number, units: bigint, tag: string): Promise<void> {
  await createLedger(db, clock).run(async (tx) => {
    await transfer(tx, {
      id: `test-fund:${tag}`,
      debit: await systemAccount(tx, 'genesis', 'ANGLS'),
      credit: await playerAccount(tx, userId, 'ANGLS'),
      amount: units,
      code: 'test-fund',
    });
  });
}

/** Moves ANGLS between genesis and the mining pool until the pool holds `units` (a round's capacity is c of it). */
export async function setPool(db: Db, clock: Clock, units: bigint): Promise<void> {
  await createLedger(db, clock).run(async (tx) => {
    const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
    const genesis = await systemAccount(tx, 'genesis', 'ANGLS');
    const balance = (await getAccount(tx.kysely, pool))!.balance;
    if (balance === units) return;
    const id = `test-pool:${crypto.randomUUID()}`;
    const [debit, credit, amount] = balance > units ? [pool, genesis, balance - units] : [genesis, pool, units - balance];
    await transfer(tx, { id, debit, credit, amount, code: 'test-pool' });
  });
}

/** Balance of the mining pool (ANGLS units). */
export async function poolBalance(db: Db, clock: Clock): Promise<bigint> {
  return createLedger(db, clock).run(async (tx) => (await getAccount(tx.kysely, await systemAccount(tx, 'mining_pool', 'ANGLS')))!.balance);
}

/** Balance of a player's ANGLS account (units). */
export async function playerAngls(db: Db, clock: Clock, userId: number): Promise<bigint> {
  return createLedger(db, clock).run(async (tx) => (await getAccount(tx.kysely, await playerAccount(tx, userId, 'ANGLS')))!.balance);
}

/** What a refusal must leave unchanged: row counts of the game and ledger tables, every eidol's risk, and the rounds' reservations. */
export async function gameSnapshot(db: Db): Promise<Record<string, unknown>> {
  const count = async (table: 'eidols' | 'ledger_transfers' | 'ledger_entries' | 'request_records' | 'users') =>
    Number(
      (
        await db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const risks = await db.kysely.selectFrom('eidols').select(['id', 'risk', 'closed_at']).orderBy('id').execute();
  const levels = await db.kysely.selectFrom('users').select(['id', 'level']).orderBy('id').execute();
  const balances = await db.kysely.selectFrom('ledger_accounts').select(['id', 'balance']).orderBy('id').execute();
  const reserved = await db.kysely.selectFrom('rounds').select(['id', 'reserved']).orderBy('id').execute();
  const reservations = await db.kysely.selectFrom('round_reservations').selectAll().orderBy('round_id').orderBy('eidol_id').execute();
  return {
    reserved: reserved.map((r) => `${r.id}:${r.reserved}`),
    reservations,
    eidols: await count('eidols'),
    transfers: await count('ledger_transfers'),
    entries: await count('ledger_entries'),
    records: await count('request_records'),
    risks,
    levels,
    balances: balances.map((b) => `${b.id}:${b.balance}`),
  };
}

/** Sets an eidol's ANGLS value to 0 by moving it to the mining pool (what a lost round does). */
export async function drainEidol(db: Db, clock: Clock, eidolId: number, tag: string): Promise<void> {
  await createLedger(db, clock).run(async (tx) => {
    const acc = await eidolAccount(tx, eidolId);
    const bal = (await getAccount(tx.kysely, acc))!.balance;
    await transfer(tx, {
      id: `test-drain:${tag}`,
      debit: acc,
      credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
      amount: bal,
      code: 'test-drain',
    });
  });
}
