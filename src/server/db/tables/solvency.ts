/** Tables of the proof of liabilities (migration 0200). */

/** A player's salt in the liability tree: 64 lowercase hex digits, shown to that player only. */
export interface LiabilitySaltsTable {
  user_id: number;
  salt: string;
  created_at: number;
}

/** The solvency domain's tables. */
export interface SolvencyTables {
  liability_salts: LiabilitySaltsTable;
}
