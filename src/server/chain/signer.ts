/**
 * The one place that signs: the hot wallet (faucet and, later, withdrawals) and the deposit addresses'
 * keys (sweeps, not built yet). Every transaction is signed here and sent raw; the hot wallet's sends are
 * serialized in this process so two never take the same nonce.
 */
import { HDKey } from '@scure/bip32';
import { bytesToHex, createWalletClient, erc20Abi, http, type Address, type Chain, type Hash, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Signs and sends for the platform. */
export interface Signer {
  hotWallet: Address;
  /** Sends native BNB (wei) from the hot wallet. */
  sendNative(to: Address, value: bigint): Promise<Hash>;
  /** Sends `amount` (token units) of `token` from the hot wallet. */
  sendToken(token: Address, to: Address, amount: bigint): Promise<Hash>;
  /** The private key of player `userId`'s deposit address (sweeps); undefined without WALLET_XPRV. */
  depositKey(userId: number): Hex | undefined;
}

/** A signer for `hotWalletKey` on `chain`, reading nonces through `client`. */
export function createSigner(opts: { chain: Chain; client: PublicClient; hotWalletKey: Hex; depositXprv?: string }): Signer {
  const account = privateKeyToAccount(opts.hotWalletKey);
  const wallet = createWalletClient({ chain: opts.chain, account, transport: http(opts.chain.rpcUrls.default.http[0]) });
  const deposits = opts.depositXprv ? HDKey.fromExtendedKey(opts.depositXprv) : undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // One send at a time, nonce read as 'pending' each time: a crashed process leaves no gap to fill.
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = queue.then(fn, fn);
    queue = p.catch(() => undefined);
    return p;
  };
  const nonce = () => opts.client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  return {
    hotWallet: account.address,
    sendNative: (to, value) => serial(async () => wallet.sendTransaction({ to, value, nonce: await nonce() })),
    sendToken: (token, to, amount) =>
      serial(async () => wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount], nonce: await nonce() })),
    depositKey(userId) {
      const key = deposits?.deriveChild(userId).privateKey;
      return key ? bytesToHex(key) : undefined;
    },
  };
}
