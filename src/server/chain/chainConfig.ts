/**
 * The chain gateway's settings, read from the environment beside the configuration contract. With
 * CHAIN_RPC_URL unset everything comes from the embedded dev chain; with it set, the token addresses and
 * the deposit xpub are required (the hot wallet key only on a node that signs).
 */
import { getAddress, isAddress, type Address, type Hex } from 'viem';

/** How the chain gateway runs. */
export interface ChainConfig {
  /** External EVM JSON-RPC (BNB Smart Chain in production); undefined: the embedded dev chain. */
  rpcUrl: string | undefined;
  devChainPort: number;
  /** Blocks on top of a deposit's block before it is credited (CHAIN_CONFIRMATIONS). */
  confirmations: number;
  /** How often the deposit watcher polls (CHAIN_POLL_MS). */
  pollMs: number;
  /** WALLET_XPUB: extended public key of the deposit parent m/44'/60'/1'/0. */
  walletXpub: string | undefined;
  usdcAddress: Address | undefined;
  anglsAddress: Address | undefined;
  /** HOT_WALLET_KEY: only on a node that signs withdrawals (never needed by the API side). */
  hotWalletKey: Hex | undefined;
  /** WALLET_XPRV: the deposit parent's private key, for sweeps; only on a signing node. */
  walletXprv: string | undefined;
}

function address(value: string | undefined, name: string): Address | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isAddress(value, { strict: false })) throw new Error(`${name} must be a 0x address, got "${value}"`);
  return getAddress(value);
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads the chain settings; throws with the variable's name on a bad or missing value. */
export function loadChainConfig(env: NodeJS.ProcessEnv, base: { chainRpcUrl: string | undefined; devChainPort: number }): ChainConfig {
  const rpcUrl = base.chainRpcUrl;
  const cfg: ChainConfig = {
    rpcUrl,
    devChainPort: base.devChainPort,
    // BNB Smart Chain is final after a few blocks since fast finality; 15 leaves a margin. The dev chain
    // mines its confirmations itself, so 2 keeps deposits quick there.
    confirmations: count(env.CHAIN_CONFIRMATIONS, rpcUrl ? 15 : 2, 'CHAIN_CONFIRMATIONS'),
    pollMs: count(env.CHAIN_POLL_MS, rpcUrl ? 3000 : 1000, 'CHAIN_POLL_MS'),
    walletXpub: env.WALLET_XPUB || undefined,
    usdcAddress: address(env.USDC_TOKEN_ADDRESS, 'USDC_TOKEN_ADDRESS'),
    anglsAddress: address(env.ANGLS_TOKEN_ADDRESS, 'ANGLS_TOKEN_ADDRESS'),
    hotWalletKey: (env.HOT_WALLET_KEY || undefined) as Hex | undefined,
    walletXprv: env.WALLET_XPRV || undefined,
  };
  if (rpcUrl) {
    const missing = (['WALLET_XPUB', 'USDC_TOKEN_ADDRESS', 'ANGLS_TOKEN_ADDRESS'] as const).filter((n) => !env[n]);
    if (missing.length > 0) throw new Error(`CHAIN_RPC_URL is set: ${missing.join(', ')} must be set too`);
  }
  return cfg;
}
