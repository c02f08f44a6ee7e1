/**
 * The embedded dev chain (CHAIN_RPC_URL unset): hardhat's simulated EVM in this process behind our
 * journaling RPC front on 127.0.0.1, rebuilt from DATA_DIR/chain/journal.jsonl at start, with test USDC and
 * ANGLS deployed by the dev deployer (nonces 0 and 1: the same addresses for the life of DATA_DIR) and the
 * hot wallet funded with BNB and USDC. Its keys come from a DEV-ONLY mnemonic in DATA_DIR (devKeys.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createPublicClient, createWalletClient, getContractAddress, http, parseEther, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainFor, DEV_CHAIN_ID, TOKEN_ARTIFACTS } from './contracts';
import type { ChainConfig } from './chainConfig';
import { loadDevKeys, type DevKeys } from './devKeys';
import { openJournal } from './journal';
import { startRpcFront, type RpcProvider } from './rpcFront';

/** BNB each platform key starts with in block 0. */
const GENESIS_BNB = parseEther('1000000');
/** USDC the hot wallet receives at deployment (the faucet's reserve). */
export const HOT_WALLET_USDC = parseUnits('1000000000', 18);

/** How the dev chain starts. */
export interface DevChainOptions {
  dataDir: string;
  /** 0: a free port. */
  port: number;
  /**
   * Every this many ms, an empty block is mined while fewer than `confirmations` blocks followed the last
   * transaction, so deposits reach finality on a chain that otherwise mines only when sent something.
   * 0: never (tests mine themselves).
   */
  confirmBlockMs: number;
  confirmations: number;
  log: { info(msg: string): void; warn(msg: string): void };
}

/** A running dev chain. */
export interface DevChain {
  rpcUrl: string;
  chainId: number;
  keys: DevKeys;
  usdc: Address;
  angls: Address;
  /** Mines one empty block (journaled). */
  mine(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Settings that reach a dev chain another process runs (the server's), from the keys in its DATA_DIR:
 * for tools such as `npm run reconcile` while the server is up. Never starts or writes anything.
 */
export function runningDevChain(
  dataDir: string,
  port: number,
): Pick<ChainConfig, 'rpcUrl' | 'walletXpub' | 'usdcAddress' | 'anglsAddress' | 'hotWalletKey'> {
  if (!fs.existsSync(path.join(dataDir, 'chain', 'dev-mnemonic.txt')))
    throw new Error(`no dev chain in ${dataDir} (start the server once, or set CHAIN_RPC_URL)`);
  const keys = loadDevKeys(dataDir);
  const deployer = privateKeyToAccount(keys.deployerKey).address;
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    walletXpub: keys.depositXpub,
    usdcAddress: getContractAddress({ from: deployer, nonce: 0n }),
    anglsAddress: getContractAddress({ from: deployer, nonce: 1n }),
    hotWalletKey: keys.hotWalletKey,
  };
}

/** Starts the dev chain, replaying its journal and deploying on first start. */
export async function startDevChain(opts: DevChainOptions): Promise<DevChain> {
  const keys = loadDevKeys(opts.dataDir);
  if (keys.created)
    opts.log.warn(
      `dev chain: generated a DEV-ONLY mnemonic in ${opts.dataDir}/chain/dev-mnemonic.txt; never send real funds to its addresses`,
    );
  const journal = openJournal(opts.dataDir, new Date());
  // hardhat loads only here: a server on CHAIN_RPC_URL never needs it.
  const { createHardhatRuntimeEnvironment } = await import('hardhat/hre');
  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: {
        default: {
          type: 'edr-simulated',
          chainId: DEV_CHAIN_ID,
          initialDate: journal.header.genesis,
          // Same-second blocks: replay must never be refused because two blocks shared a second.
          allowBlocksWithSameTimestamp: true,
          // Failed transactions are mined and answered with their hash, as on a real chain.
          throwOnTransactionFailures: false,
          mining: { auto: true },
          accounts: [
            { privateKey: keys.deployerKey, balance: GENESIS_BNB },
            { privateKey: keys.hotWalletKey, balance: GENESIS_BNB },
          ],
        },
      },
    },
    {},
    process.cwd(),
  );
  const connection = await hre.network.create('default');
  const startedAt = performance.now() / 1000;
  const provider = connection.provider as RpcProvider;

  const replayed = journal.blocks.length;
  for (const entry of journal.blocks) {
    await provider.request({ method: 'evm_setNextBlockTimestamp', params: [entry.timestamp] });
    if (entry.raw) await provider.request({ method: 'eth_sendRawTransaction', params: [entry.raw] });
    else await provider.request({ method: 'evm_mine', params: [] });
  }
  const replayedHead = Number(await provider.request({ method: 'eth_blockNumber', params: [] }));
  const expectedHead = journal.blocks.at(-1)?.block ?? 0;
  if (replayedHead !== expectedHead) throw new Error(`dev chain replay reached block ${replayedHead}, the journal ends at ${expectedHead}`);

  // hardhat's clock restarted at the genesis date: move it to now, so new blocks carry real times.
  const lag = Math.floor((Date.now() - Date.parse(journal.header.genesis)) / 1000) - Math.floor(performance.now() / 1000 - startedAt);
  if (lag > 0) await provider.request({ method: 'evm_increaseTime', params: [lag] });

  const front = await startRpcFront(provider, journal, opts.port);
  const chain = chainFor(DEV_CHAIN_ID, front.url);
  const deployer = privateKeyToAccount(keys.deployerKey);
  const hotWallet = privateKeyToAccount(keys.hotWalletKey);
  const usdc = getContractAddress({ from: deployer.address, nonce: 0n });
  const angls = getContractAddress({ from: deployer.address, nonce: 1n });
  const client = createPublicClient({ chain, transport: http() });
  if ((await client.getCode({ address: usdc })) === undefined) {
    const wallet = createWalletClient({ chain, account: deployer, transport: http() });
    const u = await wallet.deployContract({ ...TOKEN_ARTIFACTS.TestUSDC, args: [hotWallet.address, HOT_WALLET_USDC], nonce: 0 });
    const a = await wallet.deployContract({ ...TOKEN_ARTIFACTS.AnglsToken, args: [hotWallet.address], nonce: 1 });
    for (const hash of [u, a]) {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`dev chain: deploying a token failed (${hash})`);
    }
    opts.log.info(`dev chain: deployed test USDC at ${usdc} and ANGLS at ${angls}`);
  }

  const timer =
    opts.confirmBlockMs > 0
      ? setInterval(() => {
          if (front.emptyBlocksSinceTx() < opts.confirmations)
            front.mine().catch((err: unknown) => opts.log.warn(`dev chain: mining failed: ${String(err)}`));
        }, opts.confirmBlockMs)
      : undefined;
  timer?.unref();
  opts.log.info(`dev chain (DEV ONLY keys) on ${front.url}, chain id ${DEV_CHAIN_ID}, ${replayed} blocks replayed from its journal`);
  return {
    rpcUrl: front.url,
    chainId: DEV_CHAIN_ID,
    keys,
    usdc,
    angls,
    mine: () => front.mine(),
    async close() {
      if (timer) clearInterval(timer);
      await front.close();
      await connection.close();
    },
  };
}
