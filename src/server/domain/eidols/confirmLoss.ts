/** `POST /api/oogles/{id}/confirmloss`: an eidol of value 0 is closed; it leaves lists and later rounds. */
import type { EidolView } from '../../../shared/api/game';
import type { Ledger } from '../../ledger/index';
import { AppError } from '../errors';
import { eidolValue } from './eidolRepo';
import { toEidolView } from './eidolView';
import { EIDOL_BUSY, EIDOL_NOT_FOUND, LOSS_NOT_ZERO } from './eidolTexts';

/** Closes the player's eidol `id` when its value is 0; another player's or a closed one is a 404. */
export function confirmLoss(ledger: Ledger, userId: number, id: number): Promise<EidolView> {
  return ledger.run(async (tx) => {
    // The row under a lock (PostgreSQL), as every item action takes it: a feed or an extract of this eidol
    // runs wholly before or after the close, so the value read below is the value the eidol closes with.
    const row = await tx.kysely
      .selectFrom('eidols')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .$if(tx.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row || row.closed_at !== null) throw new AppError(404, EIDOL_NOT_FOUND);
    if (row.is_locked !== 0) throw new AppError(422, EIDOL_BUSY);
    // Read in the closing transaction, so the value checked is the value at the close.
    const value = await eidolValue(tx.kysely, id);
    if (value !== 0n) throw new AppError(422, LOSS_NOT_ZERO);
    await tx.kysely.updateTable('eidols').set({ closed_at: tx.now, updated_at: tx.now }).where('id', '=', id).execute();
    return toEidolView({ ...row, closed_at: tx.now, updated_at: tx.now }, value);
  });
}
