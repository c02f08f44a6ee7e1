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
import { roundBlocks, type RoundBlocks } from '../../src/server/chain/roundBlocks';
import type { ChainConfig } from '../../src/server/chain/chainConfig';
import { build } from 'esbuild';
import { chainModule, type ChainModule } from '../../src/server/http/routes/walletRoutes';
import type { RouteModule } from '../../src/server/app';
import type { DialectName } from '../../src/server/db/database';
import { startTestServer, type TestServer } from './server';
import type { Config } from '../../src/server/config';

/** The repository's root. */
const ROOT = path.resolve(import.meta.dirname, '../..');

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
export async function startTestChain(opts: { dataDir?: string; confirmations?: number; port?: number } = {}): Promise<TestChain> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-chain-'));
  const cfg: ChainConfig = {
    rpcUrl: undefined,
    devChainPort: opts.port ?? 0,
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

/** Init code of a contract whose runtime is PUSH 0, PUSH 0, REVERT: it refuses every call and payment. */
const REVERTER_INIT: Hex = '0x6005600c60003960056000f360006000fd';
/** An outside key (hardhat's well-known account 9) that deploys test contracts. */
const CONTRACT_DEPLOYER_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

/** Deploys a contract that reverts every call and payment (a native withdrawal to it fails on-chain). */
export async function deployReverter(chain: TestChain): Promise<Address> {
  const outside = await outsideWallet(chain, CONTRACT_DEPLOYER_KEY, 10n ** 17n);
  const hash = await outside.wallet.sendTransaction({ data: REVERTER_INIT, chain: chain.gateway.chain, account: outside.wallet.account });
  return (await receipt(chain, hash)).contractAddress!;
}

/** Waits for a transaction's receipt. */
export function receipt(chain: TestChain, hash: Hash) {
  return chain.gateway.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

/** A test chain and a server on `dialect` with the chain's routes (plus `routes`), its watcher's cursor placed. */
export interface ChainServer {
  chain: TestChain;
  mod: ChainModule;
  server: TestServer;
  close(): Promise<void>;
}

/** Starts a dev chain (2 confirmations) and a test server wired to it; the first scan places the watcher's cursor at today's final block. */
export async function startChainServer(
  dialect: DialectName,
  pgAdminUrl: string,
  routes: (gateway: ChainGateway) => RouteModule[] = () => [],
  configOverrides: Partial<Config> = {},
): Promise<ChainServer> {
  const chain = await startTestChain({ confirmations: 2 });
  const mod = chainModule(chain.gateway);
  const server = await startTestServer(dialect, pgAdminUrl, { routes: [mod.routes, ...routes(chain.gateway)] }, configOverrides);
  await mod.scanNow();
  return { chain, mod, server, close: async () => (await server.close(), await chain.close()) };
}

/** Bundles a crash-test worker (tests/integration/chain/support/<name>.ts) into a runnable file of its own. */
export async function bundleWorker(name: string, tag: string): Promise<string> {
  const outfile = path.join(ROOT, 'node_modules', '.cache', 'aeon-chain', `${name}-${process.pid}-${tag}.mjs`);
  const entry = path.join(ROOT, 'tests', 'integration', 'chain', 'support', `${name}.ts`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** A dev chain for the rounds: its blocks key every settled round's T (an empty block is mined when one is due). */
export interface RoundChain {
  chain: TestChain;
  blocks: RoundBlocks;
  close(): Promise<void>;
}

/** Starts a dev chain for tests that settle rounds. */
export async function startRoundChain(): Promise<RoundChain> {
  const chain = await startTestChain();
  return { chain, blocks: roundBlocks(chain.gateway.client, true), close: () => chain.close() };
}
