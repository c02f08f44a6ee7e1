/**
 * The integer convention shared by both dialects. SQLite is opened with safe integers (every INTEGER
 * reads as bigint) and PostgreSQL parses int8 as BigInt; `IntegerResultsPlugin` then gives every row the
 * same types on both: money columns stay bigint, every other integer becomes a number.
 */

/**
 * A result column holds money (or an item quantity) when its name ends in one of these words. Name
 * money columns and aliases accordingly (`balance`, `amount`, `debits_posted`, `sum_amount`, …).
 */
export const MONEY_COLUMN = /(^|_)(amount|balance|debits|credits|pending|posted|supply|value|units|total|stake|fee|price)$/;

/** True when a result column of this name carries a 64-bit money amount. */
export function isMoneyColumn(name: string): boolean {
  return MONEY_COLUMN.test(name);
}
