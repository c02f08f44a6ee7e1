/**
 * The next nonce of an address we sign for: the chain's pending count, or past the highest nonce stored
 * for it (signed, perhaps not broadcast yet: a crash between storing and sending must not hand its slot
 * to other bytes). The hot wallet signs withdrawals, sweep top-ups and the gDAO roots' anchoring
 * transactions, so all three tables count.
 */
import type { Address } from 'viem';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChainGateway } from './gateway';

/** The nonce to sign `address`'s next transaction with. */
export async function nextNonce(k: Kysely<Database>, gateway: ChainGateway, address: Address): Promise<number> {
  const signer = address.toLowerCase();
  const chainNonce = await gateway.client.getTransactionCount({ address, blockTag: 'pending' });
  const w = await k
    .selectFrom('chain_withdrawals')
    .select((eb) => eb.fn.max('nonce').as('n'))
    .where('signer', '=', signer)
    .executeTakeFirst();
  const s = await k
    .selectFrom('chain_sweeps')
    .select((eb) => eb.fn.max('nonce').as('n'))
    .where('signer', '=', signer)
    .executeTakeFirst();
  const g = await k
    .selectFrom('gdao_distributions')
    .select((eb) => eb.fn.max('anchor_nonce').as('n'))
    .where('anchor_signer', '=', signer)
    .executeTakeFirst();
  const next = (n: unknown) => (n == null ? 0 : Number(n) + 1);
  return Math.max(chainNonce, next(w?.n), next(s?.n), next(g?.n));
}
