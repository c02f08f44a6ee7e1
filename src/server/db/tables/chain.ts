/** Tables of the chain gateway (src/server/chain, migration 0060): deposit addresses, the watcher's cursor, seen deposits. */

/** A player's deposit address (derived from WALLET_XPUB at index user_id), so a transfer maps back to its player. */
export interface DepositAddressesTable {
  user_id: number;
  /** Lowercase 0x address (lookups); the wire shows its EIP-55 form. */
  address: string;
  created_at: number;
}

/** Where the deposit watcher stopped: the last final block it read, and its hash (a deeper reorg is seen). */
export interface ChainCursorsTable {
  name: string;
  block_number: number;
  block_hash: string;
  updated_at: number;
}

/** A deposit credited to a player: one row per (tx hash, log index); native BNB uses log index -1. */
export interface ChainDepositsTable {
  tx_hash: string;
  log_index: number;
  user_id: number;
  /** Ledger asset (USDC, BNB, ANGLS). */
  asset: string;
  /** Credited, in ledger units. */
  amount: bigint;
  /** What the chain moved, in the token's own decimals (decimal string: up to 2^256). */
  chain_amount: string;
  /** Below one ledger unit, kept in custody (chain units, decimal string). */
  dust: string;
  block_number: number;
  block_hash: string;
  created_at: number;
}

/** The chain gateway's tables. */
export interface ChainTables {
  deposit_addresses: DepositAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_deposits: ChainDepositsTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const CHAIN_MONEY_COLUMNS = ['amount'] as const;
