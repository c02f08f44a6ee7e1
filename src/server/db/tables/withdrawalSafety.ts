/** Tables of withdrawal safety and the dev faucet (migration 0250). */

/** An outside address a player has withdrawn (or tried to withdraw) to; usable from `usable_at`. */
export interface WithdrawalAddressesTable {
  user_id: number;
  /** Lowercase 0x address. */
  address: string;
  usable_at: number;
  created_at: number;
}

/** A player whose withdrawals are frozen (by a withdrawal mail's link); the row goes when they are unfrozen. */
export interface WithdrawalFreezesTable {
  user_id: number;
  frozen_at: number;
  unfreeze_hash: string | null;
  unfreeze_expires_at: number | null;
}

/** The freeze link of one withdrawal's mail (sha256 of the token); its presence means the mail was sent. */
export interface WithdrawalMailTokensTable {
  withdrawal_id: string;
  user_id: number;
  token_hash: string;
  created_at: number;
}

/** When a player last got the dev faucet's gift. */
export interface FaucetGiftsTable {
  user_id: number;
  last_at: number;
}

/** Withdrawal safety's tables. */
export interface WithdrawalSafetyTables {
  withdrawal_addresses: WithdrawalAddressesTable;
  withdrawal_freezes: WithdrawalFreezesTable;
  withdrawal_mail_tokens: WithdrawalMailTokensTable;
  faucet_gifts: FaucetGiftsTable;
}
