/**
 * Where a withdrawal may go. Refused (422 under `to_address`, nothing stored): known burn addresses and
 * the platform's own token contracts and hot wallet (coins sent there are lost to the player, and a
 * reverting send would cost the hot wallet gas). An address with code on the chain is allowed but
 * flagged, so the confirm step can warn that a contract may not be able to hand the coins on.
 */
import type { Address } from 'viem';
import { AppError } from '../errors';
import { isBurnAddress } from '../../../shared/rules/wallet/index';
import { BURN_ADDRESS_REFUSED, PLATFORM_ADDRESS_REFUSED } from './walletTexts';
import type { ChainGateway } from '../../chain/gateway';

/** Lowercase addresses of the platform's contracts and wallets on `gateway`'s chain. */
export function platformAddresses(gateway: ChainGateway): Set<string> {
  const out = new Set(gateway.tokens.map((t) => t.address.toLowerCase()));
  if (gateway.signer) out.add(gateway.signer.hotWallet.toLowerCase());
  return out;
}

function refuse(text: string): AppError {
  return new AppError(422, text, { to_address: [text] });
}

/** Throws the refusal for a burn or platform address; answers whether `address` has code (a contract). */
export async function checkDestination(gateway: ChainGateway, address: string): Promise<{ hasCode: boolean }> {
  if (isBurnAddress(address)) throw refuse(BURN_ADDRESS_REFUSED);
  if (platformAddresses(gateway).has(address.toLowerCase())) throw refuse(PLATFORM_ADDRESS_REFUSED);
  const code = await gateway.client.getCode({ address: address as Address });
  return { hasCode: code !== undefined && code !== '0x' };
}
