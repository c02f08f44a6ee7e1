/**
 * `POST /api/wallet/withdraw {amount, currency, to_address, gas}` as the exchange, shop and starter screens
 * use it (spec 2 §7): the gas estimate of paying the platform, answered in FACTS.md's precalculation shape
 * with a `new` transaction. Those payments are ledger transfers inside the custodial wallet, so no chain
 * transaction is made and the gas is 0 in every currency; the stored `fee_quote` moves nothing if a client
 * commits it. The approve press then calls `POST /wallet/exchange` or `POST /shop/buy`, which do the work.
 */
import type { PrecalcData } from '../../../shared/api/transactions';
import type { Ledger, LedgerTx } from '../../ledger/index';
import { encodeStored } from '../requests/storedJson';
import { ErrorBag } from '../errors';
import {
  createTransaction,
  precalcDataOf,
  registerTransactionKind,
  transactionViewOf,
  type TransactionUpdateListener,
} from '../transactions/index';
import { requireActiveWallet, type ActivationFlags } from './walletGuard';
import { amountUnits, wireCurrencyOf } from './walletInput';
import { SPECIFY_ADDRESS, SPECIFY_AMOUNT, UNKNOWN_CURRENCY } from './walletTexts';
import { isValidAddress } from '../../../shared/rules/wallet/index';

/** The transaction kind of a fee precalculation. */
export const FEE_QUOTE_KIND = 'fee_quote';

registerTransactionKind(FEE_QUOTE_KIND, {
  // Nothing was reserved and nothing moves: the quote only answered the gas.
  async commit(_tx, record) {
    return { result: { gas: { bnb: '0', ngls: '0', busd: '0' }, quote: record.id } };
  },
});

/**
 * Validates the body (amount above 0 in `currency`, a valid address) and stores a `new`
 * fee quote. The starter flow calls it before `start_pack` exists, so only the gas deposit is required.
 */
export async function precalculateFee(
  ledger: Ledger,
  user: ActivationFlags & { id: number },
  body: Record<string, unknown>,
  onUpdate?: TransactionUpdateListener,
): Promise<PrecalcData> {
  requireActiveWallet(user, 'starter');
  const bag = new ErrorBag(['to_address', 'amount', 'currency']);
  const currency = wireCurrencyOf(body.currency);
  if (!currency) bag.add('currency', UNKNOWN_CURRENCY);
  // Which address is not used (see above), but it is checked as the send checks it (EIP-55 for mixed case).
  if (typeof body.to_address !== 'string' || !isValidAddress(body.to_address.trim())) bag.add('to_address', SPECIFY_ADDRESS);
  const amount = currency ? amountUnits(body.amount, currency) : undefined;
  if (currency && amount === undefined) bag.add('amount', `${SPECIFY_AMOUNT}.`);
  bag.throwIfAny();
  const record = await ledger.run((tx) =>
    createTransaction(tx, {
      userId: user.id,
      kind: FEE_QUOTE_KIND,
      payload: { currency: currency!, amount: amount!, to_address: String(body.to_address).trim() },
    }),
  );
  onUpdate?.(user.id, transactionViewOf(record));
  return precalcDataOf(record);
}

/**
 * Marks the player's waiting fee quotes used by action `usedBy`, in the action's commit: the approve press
 * is what the quote was for, so it must not later expire as a failure the player is told about.
 */
export async function consumeFeeQuotes(tx: LedgerTx, userId: number, usedBy: string): Promise<void> {
  await tx.kysely
    .updateTable('transactions')
    .set({ status: 'success', result: encodeStored({ used_by: usedBy }), updated_at: tx.now })
    .where('user_id', '=', userId)
    .where('kind', '=', FEE_QUOTE_KIND)
    .where('status', '=', 'new')
    .execute();
}
