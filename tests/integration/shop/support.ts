/** Fixtures of the shop tests: a wallet server with the catalogue's stock issued, an active player, listings by name. */
import { expect } from 'vitest';
import type { DialectName } from '../../../src/server/db/database';
import { ensureShopStock } from '../../../src/server/domain/shop/shopStock';
import { registerPlayer, type TestServer } from '../../support/server';
import type { GameServer } from '../../support/gameFixtures';
import { setFlags, startWalletServer } from '../wallet/support/walletFixtures';

/** A wallet server whose counted listings are stocked (what main.ts does at start; a second call issues nothing). */
export async function startShopServer(dialect: DialectName, pgAdminUrl: string): Promise<GameServer> {
  const game = await startWalletServer(dialect, pgAdminUrl);
  expect((await ensureShopStock(game.server.testDb.db, game.server.clock)).length).toBeGreaterThan(0);
  expect(await ensureShopStock(game.server.testDb.db, game.server.clock)).toEqual([]);
  return game;
}

/** A registered player with both activation flags (and the given level). */
export async function activePlayer(s: TestServer, n: string, level?: number) {
  const p = await registerPlayer(s, n);
  await setFlags(s, p.user.id, { start_gas: 1, start_pack: 1, ...(level === undefined ? {} : { level }) });
  await p.client.csrf();
  return p;
}

/** The id of the active listing of `type` named `name` paid in `currency`. */
export async function listingId(s: TestServer, type: string, name: string, currency: 'ngls' | 'busd' | 'bnb' | 'token'): Promise<number> {
  const rows = await s.testDb.db.kysely
    .selectFrom('shop_items')
    .selectAll()
    .where('type', '=', type as 'item')
    .where('name', '=', name)
    .execute();
  const row = rows.find((r) => r[`price_${currency}`] > 0n);
  if (!row) throw new Error(`no ${type} listing ${name} in ${currency}`);
  return row.id;
}
