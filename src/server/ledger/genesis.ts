/** The seed every ledger starts from: the system accounts and the initial ANGLS supply. */
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { LEDGER_ASSETS, SYSTEM_ACCOUNTS, type SystemAccountName } from './assets';
import { systemAccount } from './accounts';
import { GENESIS } from './genesisConfig';
import { runLedgerTx } from './ledgerTx';
import { transferBatch } from './transfer';

/**
 * Opens every system account of every asset and issues the genesis ANGLS supply (genesis → GSCB reserve
 * and mining pool) as one batch with fixed ids: idempotent, so the server calls it at every start.
 * Returns true when this call issued the supply.
 */
export async function ensureGenesis(db: Db, clock: Clock): Promise<boolean> {
  return runLedgerTx(db, clock, async (tx) => {
    // Fast path for every start after the first: all system accounts and the genesis transfers exist.
    const system = await tx.kysely
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_kind', '=', 'system')
      .where('owner_id', '=', 0)
      .where('name', 'in', Object.keys(SYSTEM_ACCOUNTS))
      .where('asset', 'in', [...LEDGER_ASSETS])
      .executeTakeFirstOrThrow();
    const issued = await tx.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'in', Object.values(GENESIS.transferIds))
      .execute();
    const expected = LEDGER_ASSETS.length * Object.keys(SYSTEM_ACCOUNTS).length;
    if (Number(system.n) === expected && issued.length === Object.keys(GENESIS.transferIds).length) return false;
    for (const asset of LEDGER_ASSETS) {
      for (const name of Object.keys(SYSTEM_ACCOUNTS) as SystemAccountName[]) await systemAccount(tx, name, asset);
    }
    const genesis = await systemAccount(tx, 'genesis', 'ANGLS');
    const results = await transferBatch(tx, [
      {
        id: GENESIS.transferIds.gscbReserve,
        debit: genesis,
        credit: await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
        amount: GENESIS.gscbReserveAngls,
        code: 'genesis',
      },
      {
        id: GENESIS.transferIds.miningPool,
        debit: genesis,
        credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
        amount: GENESIS.miningPoolAngls,
        code: 'genesis',
      },
    ]);
    return results.some((r) => r.created);
  });
}
