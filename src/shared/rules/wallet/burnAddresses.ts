/**
 * Addresses that destroy what is sent to them: no one holds their key. A withdrawal there is refused
 * before anything is reserved (the coins would be gone, and a reverting send would cost the hot wallet gas).
 */

/** Lowercase addresses known to burn coins: zero, the low precompiles, all-f, and the conventional dead addresses. */
export const BURN_ADDRESSES: ReadonlySet<string> = new Set([
  '0x0000000000000000000000000000000000000000',
  // Precompiles 0x01–0x0a hold no key either.
  ...Array.from({ length: 10 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`),
  '0xffffffffffffffffffffffffffffffffffffffff',
  '0x000000000000000000000000000000000000dead',
  '0xdead000000000000000000000000000000000000',
  '0xdead000000000000000042069420694206942069',
]);

/** True when `address` (any case) is a known burn address. */
export function isBurnAddress(address: string): boolean {
  return BURN_ADDRESSES.has(address.toLowerCase());
}
