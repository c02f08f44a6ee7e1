/**
 * `POST /api/onboarding/gas` (spec 2 §2 "Gas deposit", §5): the first activation step. The deposit is
 * judged by the player's spendable BNB in the ledger, as the chain watcher credits deposits there: at
 * least 0.001 BNB sets `start_gas`. Nothing is reserved or moved: the BNB stays the player's, as gas for
 * their later withdrawals. Repeating the call once activated answers the same.
 */
import type { Ledger } from '../../ledger/index';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { parseUnits } from '../../../shared/money/parse';
import { AppError } from '../errors';
import { GAS_DEPOSIT_REQUIRED } from './walletTexts';

/** Spec 2 §9: the gas deposit minimum, 0.001 BNB, in ledger units. */
export const GAS_DEPOSIT_MIN = parseUnits('0.001', CURRENCY_ASSETS.BNB.scale);

/** Sets `start_gas` for `userId` when their BNB covers the minimum; throws 422 with the spec's text otherwise. */
export async function activateGas(ledger: Ledger, userId: number): Promise<{ start_gas: true }> {
  return ledger.run(async (tx) => {
    const { bnb } = await ledger.balancesOf(userId, tx.kysely);
    const row = await tx.kysely.selectFrom('users').select('start_gas').where('id', '=', userId).executeTakeFirstOrThrow();
    if (row.start_gas === 1) return { start_gas: true as const };
    if (bnb < GAS_DEPOSIT_MIN) throw new AppError(422, GAS_DEPOSIT_REQUIRED, { gas: [GAS_DEPOSIT_REQUIRED] });
    await tx.kysely.updateTable('users').set({ start_gas: 1, updated_at: tx.now }).where('id', '=', userId).execute();
    return { start_gas: true as const };
  });
}
