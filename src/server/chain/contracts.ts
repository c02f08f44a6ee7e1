/** The compiled dev-chain tokens (artifacts.json, built by `npm run contracts`) and the chain viem talks to. */
import { defineChain, type Abi, type Chain, type Hex } from 'viem';
import artifacts from './artifacts.json';

/** A compiled contract: what deployment needs. */
export interface ContractArtifact {
  abi: Abi;
  bytecode: Hex;
}

/** Test USDC (18 decimals) and the ANGLS token. */
export const TOKEN_ARTIFACTS = artifacts.contracts as unknown as { TestUSDC: ContractArtifact; AnglsToken: ContractArtifact };

/** Chain id of the embedded dev chain (hardhat's usual local id). */
export const DEV_CHAIN_ID = 31337;

/** A viem chain description for `rpcUrl`; BNB is the native currency on every chain we use. */
export function chainFor(id: number, rpcUrl: string): Chain {
  return defineChain({
    id,
    name: id === DEV_CHAIN_ID ? 'Aeon dev chain' : `chain ${id}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
