/** Tables of the chain gateway (src/server/chain, migrations 0090 and 0100): deposit addresses, cursors, deposits, withdrawals, sweeps. */

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

/** Where a withdrawal is: signed bytes and nonce are stored before broadcast, so a crash re-sends the same transaction. */
export type WithdrawalStatus = 'queued' | 'signed' | 'broadcast' | 'done' | 'failed';

/** A send that leaves the platform: one per committed `send` transaction (id = the transaction's id). */
export interface ChainWithdrawalsTable {
  id: string;
  user_id: number;
  asset: string;
  /** Lowercase destination. */
  to_address: string;
  /** Ledger units reserved for the recipient, and the gas charged to the player (same asset). */
  amount: bigint;
  gas: bigint;
  /** What the chain transaction moves, in the token's decimals (decimal string); set when signed. */
  chain_amount: string | null;
  status: WithdrawalStatus;
  /** The hot wallet's address and nonce of the signed transaction. */
  signer: string | null;
  nonce: number | null;
  raw: string | null;
  tx_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** Where a sweep transaction is (signed bytes are stored before broadcast). */
export type SweepStatus = 'signed' | 'broadcast' | 'done' | 'failed';

/**
 * One transaction of a sweep (migration 0100): `topup` (hot wallet → deposit address, the gas a token
 * sweep needs) or `sweep` (deposit address → hot wallet, signed by the deposit key). Custody-internal:
 * no ledger transfer.
 */
export interface ChainSweepsTable {
  tx_hash: string;
  user_id: number;
  kind: 'topup' | 'sweep';
  /** What is swept (BNB, USDC, ANGLS); a top-up names the token it pays gas for. */
  asset: string;
  /** Lowercase address that signed, and its nonce. */
  signer: string;
  nonce: number;
  raw: string;
  /** Wei or token units moved (decimal string). */
  chain_amount: string;
  /** The token sweep's gas limit and price (a top-up records those it paid for), decimal strings. */
  gas_limit: string;
  gas_price: string;
  status: SweepStatus;
  created_at: number;
  updated_at: number;
}

/** The chain gateway's tables. */
export interface ChainTables {
  deposit_addresses: DepositAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_deposits: ChainDepositsTable;
  chain_withdrawals: ChainWithdrawalsTable;
  chain_sweeps: ChainSweepsTable;
}

/** Money columns of these tables (read as bigint: moneyColumns.ts). */
export const CHAIN_MONEY_COLUMNS = ['amount', 'gas'] as const;
