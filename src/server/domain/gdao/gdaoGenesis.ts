/** The boot-time issue of the gDAO economy: the gDAO reserve and the chest's ANGLS supply, from genesis. */
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { runLedgerTx, systemAccount, transferBatch } from '../../ledger/index';
import { GDAO_CHEST_SUPPLY, GDAO_GENESIS_IDS, GDAO_RESERVE_SUPPLY } from './gdaoConfig';

/**
 * Issues GDAO_RESERVE_SUPPLY gDAO into `gdao_reserve` and GDAO_CHEST_SUPPLY ANGLS into `gdao_chest`, each
 * from its asset's `genesis`, once (fixed transfer ids): the server calls it at every start after
 * ensureGenesis. Answers true when this call issued them.
 */
export async function ensureGdaoGenesis(db: Db, clock: Clock): Promise<boolean> {
  return runLedgerTx(db, clock, async (tx) => {
    const done = await tx.kysely.selectFrom('ledger_transfers').select('id').where('id', 'in', Object.values(GDAO_GENESIS_IDS)).execute();
    if (done.length === Object.keys(GDAO_GENESIS_IDS).length) return false;
    const results = await transferBatch(tx, [
      {
        id: GDAO_GENESIS_IDS.reserve,
        debit: await systemAccount(tx, 'genesis', 'GDAO'),
        credit: await systemAccount(tx, 'gdao_reserve', 'GDAO'),
        amount: GDAO_RESERVE_SUPPLY,
        code: 'genesis',
      },
      {
        id: GDAO_GENESIS_IDS.chest,
        debit: await systemAccount(tx, 'genesis', 'ANGLS'),
        credit: await systemAccount(tx, 'gdao_chest', 'ANGLS'),
        amount: GDAO_CHEST_SUPPLY,
        code: 'genesis',
      },
    ]);
    return results.some((r) => r.created);
  });
}
