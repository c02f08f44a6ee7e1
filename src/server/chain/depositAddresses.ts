/**
 * Players' deposit addresses: child <user id> of the deposit parent's extended public key (path
 * m/44'/60'/1'/0/<user id>), so the API side derives them without any private key. Each is stored in
 * `deposit_addresses` on first use, so the deposit watcher maps a transfer back to its player.
 */
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { getAddress, bytesToHex, type Address } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Non-hardened BIP-32 indexes stop here; user ids beyond it would need another scheme. */
const MAX_INDEX = 2 ** 31 - 1;

/** Derives deposit addresses from an extended public key. */
export interface AddressDeriver {
  /** The EIP-55 address of player `userId`. */
  addressOf(userId: number): Address;
}

/** A deriver for `xpub` (the deposit parent's extended public key). */
export function addressDeriver(xpub: string): AddressDeriver {
  const parent = HDKey.fromExtendedKey(xpub);
  const cache = new Map<number, Address>();
  return {
    addressOf(userId) {
      if (!Number.isInteger(userId) || userId < 1 || userId > MAX_INDEX) throw new Error(`no deposit address for user id ${userId}`);
      const cached = cache.get(userId);
      if (cached) return cached;
      const child = parent.deriveChild(userId);
      if (!child.publicKey) throw new Error('HD child without a public key');
      // publicKeyToAddress wants the uncompressed key; HDKey gives the compressed one.
      const a = publicKeyToAddress(bytesToHex(uncompressed(child.publicKey)));
      cache.set(userId, a);
      return a;
    },
  };
}

function uncompressed(pub: Uint8Array): Uint8Array {
  return secp256k1.Point.fromBytes(pub).toBytes(false);
}

/** The player's deposit address, recorded in `deposit_addresses` the first time (idempotent, race-safe). */
export async function ensureDepositAddress(k: Kysely<Database>, deriver: AddressDeriver, userId: number, now: number): Promise<Address> {
  const address = deriver.addressOf(userId);
  await k
    .insertInto('deposit_addresses')
    .values({ user_id: userId, address: address.toLowerCase(), created_at: now })
    // No conflict target: the table has two unique keys (user, address), and PostgreSQL arbitrates only the named
    // one, so two first calls racing could still meet a unique violation on the other.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return getAddress(address);
}

/** Players owning these addresses (any case), keyed by lowercase address. */
export async function playersByAddress(k: Kysely<Database>, addresses: readonly string[]): Promise<Map<string, number>> {
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const out = new Map<string, number>();
  for (let i = 0; i < lower.length; i += 500) {
    const rows = await k
      .selectFrom('deposit_addresses')
      .select(['user_id', 'address'])
      .where('address', 'in', lower.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.address, r.user_id);
  }
  return out;
}
