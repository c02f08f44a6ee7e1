/**
 * A real embedded dev chain for tests: hardhat's simulated EVM behind the journaling RPC front on a free
 * port, with its own temporary DATA_DIR; it mines only when sent something or told to (`mine`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletClient, http, type Address, type Hash, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { openChainGateway, type ChainGateway } from '../../src/server/chain/gateway';
import type { ChainConfig } from '../../src/server/chain/chainConfig';

/** A test chain and where it keeps its state. */
export interface TestChain {
  gateway: ChainGateway;
  dataDir: string;
  /** Mines `n` empty blocks. */
  mine(n?: number): Promise<void>;
  /** Stops the chain; `keep` leaves DATA_DIR for a restart. */
  close(opts?: { keep?: boolean }): Promise<void>;
}

const quiet = { info: () => {}, warn: () => {} };

/** Starts a dev chain in `dataDir` (a new temporary one unless given: a restart passes the old one). */
export async function startTestChain(opts: { dataDir?: string; confirmations?: number } = {}): Promise<TestChain> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-chain-'));
  const cfg: ChainConfig = {
    rpcUrl: undefined,
    devChainPort: 0,
    confirmations: opts.confirmations ?? 2,
    pollMs: 60_000,
    walletXpub: undefined,
    usdcAddress: undefined,
    anglsAddress: undefined,
    hotWalletKey: undefined,
    walletXprv: undefined,
  };
  // pollMs also paces the dev chain's confirmation blocks: a minute keeps them out of the tests' way.
  const gateway = await openChainGateway(cfg, dataDir, quiet);
  return {
    gateway,
    dataDir,
    async mine(n = 1) {
      for (let i = 0; i < n; i++) await gateway.dev!.mine();
    },
    async close(o = {}) {
      await gateway.close();
      if (!o.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A wallet on the test chain funded from the hot wallet with `bnb` wei, for sends the platform does not make. */
export async function outsideWallet(chain: TestChain, key: Hex, bnb: bigint) {
  const { gateway } = chain;
  const account = privateKeyToAccount(key);
  const hash = await gateway.signer!.sendNative(account.address, bnb);
  await gateway.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  const wallet = createWalletClient({ chain: gateway.chain, account, transport: http(gateway.chain.rpcUrls.default.http[0]) });
  return { address: account.address as Address, wallet };
}

/** Waits for a transaction's receipt. */
export function receipt(chain: TestChain, hash: Hash) {
  return chain.gateway.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}
