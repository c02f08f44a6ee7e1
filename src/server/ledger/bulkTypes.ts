/** The columnar rows a bulk posting writes (bulk.ts plans them, each store writes them set-based). */

/** New posted transfers, one array per column (kind `posted`, no pending fields). */
export interface BulkTransferRows {
  id: string[];
  debit: number[];
  credit: number[];
  asset: string[];
  amount: bigint[];
  code: string[];
  ref: (string | null)[];
}

/** Their entries, one per side, in (account, version) order. */
export interface BulkEntryRows {
  account: number[];
  version: number[];
  transfer: string[];
  amount: bigint[];
  before: bigint[];
  after: bigint[];
}

/** The new balance and version of accounts the postings moved (pending columns are unchanged). */
export interface BulkAccountRows {
  id: number[];
  balance: bigint[];
  version: number[];
}

/** One slice of a bulk plan: what one store call writes (absent parts are not written). */
export interface BulkChunk {
  batchId: string;
  now: number;
  transfers?: BulkTransferRows;
  entries?: BulkEntryRows;
  accounts?: BulkAccountRows;
}
