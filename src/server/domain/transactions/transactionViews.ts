/** What the player sees of a transaction: the precalculation's answer and the `transaction_update` fields. */
import { CURRENCY_ASSETS, formatUnits } from '../../../shared/money/index';
import type { PrecalcData, TransactionView } from '../../../shared/api/transactions';
import type { TransactionRecord } from './transactionRecord';

/** Told each time a transaction is created or changes status (after the commit): the owner and the view. */
export type TransactionUpdateListener = (userId: number, view: TransactionView) => void;

/** The transaction as its owner sees it (the fields of `transaction_update`). */
export function transactionViewOf(record: Pick<TransactionRecord, 'id' | 'kind' | 'status' | 'message'>): TransactionView {
  return { id: record.id, type: record.kind, status: record.status, message: record.message };
}

/** The `data` a precalculating call answers (FACTS.md): the id and the gas per currency as decimals. */
export function precalcDataOf(record: TransactionRecord): PrecalcData {
  return {
    transaction: { id: record.id },
    precalcData: {
      fee: {
        bnb: formatUnits(record.fee.bnb, CURRENCY_ASSETS.BNB.scale),
        ngls: formatUnits(record.fee.ngls, CURRENCY_ASSETS.ANGLS.scale),
        busd: formatUnits(record.fee.busd, CURRENCY_ASSETS.USDC.scale),
      },
    },
  };
}
