/**
 * Wallet addresses (spec 2 §5): "0x" + 40 hex characters; a mixed-case address must pass its EIP-55
 * checksum (a typo in a checksummed address is caught instead of sending money nowhere). Uses only noble's
 * keccak so the client bundle does not pull in viem.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { WALLET_TEXTS } from './texts';

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** True when `text` is "0x" followed by exactly 40 hex characters (any case). */
export function hasAddressShape(text: string): boolean {
  return SHAPE.test(text);
}

/** The EIP-55 checksummed spelling of a well-shaped address; throws on anything else. */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!hasAddressShape(address)) throw new Error(`not an address: ${address}`);
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    // Nibble i of the hash decides the case of hex character i (EIP-55).
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const ch = hex[i]!;
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out as `0x${string}`;
}

/**
 * True when `text` is a valid address: the shape, and for mixed case the EIP-55 checksum. All-lower and
 * all-upper spellings carry no checksum and are accepted, as EIP-55 says.
 */
export function isValidAddress(text: string): boolean {
  if (!hasAddressShape(text)) return false;
  const body = text.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(text) === text;
}

/** Outcome of address validation: the checksummed address, or the spec's text. */
export type AddressResult = { ok: true; address: `0x${string}` } | { ok: false; error: string };

/** Validates a user-entered address (surrounding spaces ignored, a pasted scan often carries them). */
export function validateAddress(input: unknown): AddressResult {
  const text = typeof input === 'string' ? input.trim() : '';
  if (!isValidAddress(text)) return { ok: false, error: WALLET_TEXTS.invalidAddress };
  return { ok: true, address: toChecksumAddress(text) };
}
