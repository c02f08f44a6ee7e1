/**
 * Fixtures of the eidol item actions: items and gDAO issued from `genesis` straight into a player (nothing
 * sells them on this branch), Golden Cookie backing issued into `item_backing`, and the reads the tests
 * compare (items held, system balances, an eidol's row and value).
 */
import type { Db } from '../../src/server/db/database';
import type { Clock } from '../../src/server/clock';
import { itemAsset } from '../../src/shared/money/assets';
import {
  createLedger,
  eidolAccount,
  getAccount,
  playerAccount,
  systemAccount,
  transfer,
  type SystemAccountName,
} from '../../src/server/ledger/index';

let seq = 0;

/** Issues `quantity` of item `itemId` (4 = gDAO) from genesis to the player. */
export async function issueItem(db: Db, clock: Clock, userId: number, itemId: number, quantity: bigint): Promise<void> {
  seq += 1;
  const asset = itemAsset(itemId);
  await createLedger(db, clock).run(async (tx) => {
    await transfer(tx, {
      id: `test-item:${process.pid}:${seq}`,
      debit: await systemAccount(tx, 'genesis', asset),
      credit: await playerAccount(tx, userId, asset),
      amount: quantity,
      code: 'test-item',
    });
  });
}

/** Issues `units` ANGLS from genesis into `item_backing` (what a cookie sale leaves there). */
export async function fundBacking(db: Db, clock: Clock, units: bigint): Promise<void> {
  seq += 1;
  await createLedger(db, clock).run(async (tx) => {
    await transfer(tx, {
      id: `test-backing:${process.pid}:${seq}`,
      debit: await systemAccount(tx, 'genesis', 'ANGLS'),
      credit: await systemAccount(tx, 'item_backing', 'ANGLS'),
      amount: units,
      code: 'test-backing',
    });
  });
}

/** Balance of a player's account of `asset` (items: `itemAsset(id)`). */
export async function playerHolds(db: Db, clock: Clock, userId: number, asset: string): Promise<bigint> {
  return createLedger(db, clock).run(async (tx) => (await getAccount(tx.kysely, await playerAccount(tx, userId, asset)))!.balance);
}

/** Balance of the system account `name` of `asset`. */
export async function systemHolds(db: Db, clock: Clock, name: SystemAccountName, asset: string): Promise<bigint> {
  return createLedger(db, clock).run(async (tx) => (await getAccount(tx.kysely, await systemAccount(tx, name, asset)))!.balance);
}

/** An eidol's value (its account's balance, ANGLS units). */
export async function eidolHolds(db: Db, clock: Clock, eidolId: number): Promise<bigint> {
  return createLedger(db, clock).run(async (tx) => (await getAccount(tx.kysely, await eidolAccount(tx, eidolId)))!.balance);
}
