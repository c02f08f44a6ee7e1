/** Fixtures of the gDAO tests: a game server with the gDAO genesis, activation, tokens, items, eidols, mail links. */
import type { Db } from '../../../src/server/db/database';
import type { Clock } from '../../../src/server/clock';
import type { EidolsTable } from '../../../src/server/db/tables/game';
import type { Insertable } from 'kysely';
import {
  createLedger,
  eidolAccount,
  playerAccount,
  systemAccount,
  transfer,
  getAccount,
  itemAsset,
} from '../../../src/server/ledger/index';
import { ensureGdaoGenesis } from '../../../src/server/domain/gdao/gdaoGenesis';
import type { DialectName } from '../../../src/server/db/database';
import { startGameServer, type GameServer } from '../../support/gameFixtures';
import { linkIn } from '../../support/smtp';
import type { TestServer } from '../../support/server';

/** A game server whose gDAO reserve and chest are issued. */
export async function startGdaoServer(dialect: DialectName, pgAdminUrl: string): Promise<GameServer> {
  const g = await startGameServer(dialect, pgAdminUrl);
  await ensureGdaoGenesis(g.server.testDb.db, g.server.clock);
  return g;
}

/** Sets start_gas and start_pack (what the gas deposit and a starter pack do). */
export async function activate(db: Db, userId: number): Promise<void> {
  await db.kysely.updateTable('users').set({ start_gas: 1, start_pack: 1 }).where('id', '=', userId).execute();
}

/** Moves `n` gDAO from the reserve to the player. */
export async function giveGdao(db: Db, clock: Clock, userId: number, n: bigint, tag: string): Promise<void> {
  await createLedger(db, clock).run(async (tx) => {
    await transfer(tx, {
      id: `test-gdao:${tag}`,
      debit: await systemAccount(tx, 'gdao_reserve', 'GDAO'),
      credit: await playerAccount(tx, userId, 'GDAO'),
      amount: n,
      code: 'test',
    });
  });
}

/** Issues `n` of item `itemId` from genesis to the player. */
export async function giveItem(db: Db, clock: Clock, userId: number, itemId: number, n: bigint, tag: string): Promise<void> {
  await createLedger(db, clock).run(async (tx) => {
    const asset = itemAsset(itemId);
    await transfer(tx, {
      id: `test-item:${tag}`,
      debit: await systemAccount(tx, 'genesis', asset),
      credit: await playerAccount(tx, userId, asset),
      amount: n,
      code: 'test',
    });
  });
}

/** Balance of an account by owner (units); 0 when it was never opened. */
export async function balanceOf(
  db: Db,
  clock: Clock,
  who: { player: number } | { system: 'gdao_reserve' | 'gdao_chest' | 'gdao_burned' | 'mining_pool' | 'consumed' | 'fees' },
  asset: string,
): Promise<bigint> {
  return createLedger(db, clock).run(async (tx) => {
    const id = 'player' in who ? await playerAccount(tx, who.player, asset) : await systemAccount(tx, who.system, asset);
    return (await getAccount(tx.kysely, id))!.balance;
  });
}

/** Inserts a hatched eidol of the player (level 11 by default) with its account opened. */
export async function insertEidol(db: Db, clock: Clock, userId: number, patch: Partial<Insertable<EidolsTable>> = {}): Promise<number> {
  const now = clock.now();
  const row = await db.kysely
    .insertInto('eidols')
    .values({
      user_id: userId,
      type: 'ogle',
      rarity: 'common',
      collection: 'basic',
      skin_name: 'Common Eidol',
      skin_image: 'ogle1',
      source: 'egg1',
      level: 11,
      experience: 0,
      hatch_value: 0n,
      top_value: 0n,
      no_loss_value: 0n,
      created_at: now,
      updated_at: now,
      ...patch,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createLedger(db, clock).run((tx) => eidolAccount(tx, row.id));
  return row.id;
}

/** The verification token mailed to `email`. */
export async function verifyTokenOf(s: TestServer, email: string): Promise<string> {
  const mail = await s.smtp.waitFor(email, /confirm your e-mail/);
  const link = linkIn(mail, '/verify-email/');
  return /\/verify-email\/([A-Za-z0-9_-]{43})\//.exec(link)![1]!;
}
