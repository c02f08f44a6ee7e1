/**
 * The chain gateway: one viem client on CHAIN_RPC_URL or the embedded dev chain, our tokens with the
 * decimals their contracts report, the deposit-address deriver (xpub only) and, where keys are present,
 * the signer. Amounts cross into ledger units here (`toLedgerUnits`), nowhere else.
 */
import { createPublicClient, erc20Abi, http, type Address, type Chain, type PublicClient } from 'viem';
import { CURRENCY_ASSETS, rescaleDown, type Converted } from '../../shared/money/index';
import { chainFor } from './contracts';
import type { ChainConfig } from './chainConfig';
import { addressDeriver, type AddressDeriver } from './depositAddresses';
import { startDevChain, type DevChain } from './devChain';
import { createSigner, type Signer } from './signer';

/** Ledger assets that live on the chain. */
export type ChainAsset = 'BNB' | 'USDC' | 'ANGLS';

/** One of our ERC-20s. */
export interface ChainToken {
  asset: Exclude<ChainAsset, 'BNB'>;
  address: Address;
  decimals: number;
}

/** The running gateway. */
export interface ChainGateway {
  chain: Chain;
  client: PublicClient;
  /** The embedded dev chain, when CHAIN_RPC_URL is unset (test coin works only then). */
  dev: DevChain | undefined;
  confirmations: number;
  pollMs: number;
  tokens: ChainToken[];
  deposits: AddressDeriver;
  /** Present where the hot wallet key is (always on the dev chain). */
  signer: Signer | undefined;
  close(): Promise<void>;
}

/** Native BNB has 18 decimals on every EVM chain we use. */
export const NATIVE_DECIMALS = 18;

/** A chain amount in ledger units of `asset`, rounded down, with the dust kept in custody. */
export function toLedgerUnits(asset: ChainAsset, amount: bigint, decimals: number): Converted {
  return rescaleDown(amount, decimals, CURRENCY_ASSETS[asset].scale);
}

/** Opens the gateway: starts the dev chain when no RPC URL is configured; reads token decimals. */
export async function openChainGateway(
  cfg: ChainConfig,
  dataDir: string,
  log: { info(m: string): void; warn(m: string): void },
): Promise<ChainGateway> {
  const dev = cfg.rpcUrl
    ? undefined
    : await startDevChain({ dataDir, port: cfg.devChainPort, confirmBlockMs: cfg.pollMs, confirmations: cfg.confirmations, log });
  try {
    const rpcUrl = dev?.rpcUrl ?? cfg.rpcUrl!;
    const probe = createPublicClient({ transport: http(rpcUrl) });
    const chain = chainFor(await probe.getChainId(), rpcUrl);
    // cacheTime 0: viem would otherwise answer getBlockNumber from a 4 s cache, and the watcher must see the head.
    const client = createPublicClient({ chain, transport: http(rpcUrl), cacheTime: 0 }) as PublicClient;
    const usdc = dev?.usdc ?? cfg.usdcAddress!;
    const angls = dev?.angls ?? cfg.anglsAddress!;
    const decimalsOf = (address: Address) => client.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
    const tokens: ChainToken[] = [
      { asset: 'USDC', address: usdc, decimals: await decimalsOf(usdc) },
      { asset: 'ANGLS', address: angls, decimals: await decimalsOf(angls) },
    ];
    const hotWalletKey = dev?.keys.hotWalletKey ?? cfg.hotWalletKey;
    const signer = hotWalletKey
      ? createSigner({ chain, client, hotWalletKey, depositXprv: dev?.keys.depositXprv ?? cfg.walletXprv })
      : undefined;
    return {
      chain,
      client,
      dev,
      confirmations: cfg.confirmations,
      pollMs: cfg.pollMs,
      tokens,
      deposits: addressDeriver(dev?.keys.depositXpub ?? cfg.walletXpub!),
      signer,
      close: async () => dev?.close(),
    };
  } catch (err) {
    await dev?.close();
    throw err;
  }
}
