/**
 * The one place that signs: the hot wallet (faucet and, later, withdrawals) and the deposit addresses'
 * keys (sweeps). Every transaction is signed here and sent raw; the hot wallet's sends are
 * serialized in this process so two never take the same nonce.
 */
import { HDKey } from '@scure/bip32';
import {
  bytesToHex,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Signs and sends for the platform. */
export interface Signer {
  hotWallet: Address;
  /** Sends native BNB (wei) from the hot wallet. */
  sendNative(to: Address, value: bigint): Promise<Hash>;
  /** Sends `amount` (token units) of `token` from the hot wallet. */
  sendToken(token: Address, to: Address, amount: bigint): Promise<Hash>;
  /** Runs `fn` in the hot wallet's queue: nothing else of this process takes a nonce meanwhile. */
  serial<T>(fn: () => Promise<T>): Promise<T>;
  /** Signs (does not send) a payment from the hot wallet at `nonce`; ANGLS is minted to the recipient. */
  signPayment(p: Payment): Promise<{ raw: Hex; hash: Hash }>;
  /** Signs (does not send) a call with calldata from the hot wallet at `nonce` (the gDAO root's anchoring). */
  signCall(c: { to: Address; value: bigint; data: Hex; gas: bigint; nonce: number }): Promise<{ raw: Hex; hash: Hash }>;
  /** The private key of player `userId`'s deposit address (sweeps); undefined without WALLET_XPRV. */
  depositKey(userId: number): Hex | undefined;
  /** Signs (does not send) a transaction from player `userId`'s deposit address; undefined without WALLET_XPRV. */
  signFromDeposit(userId: number, tx: LegacyTx): Promise<{ raw: Hex; hash: Hash; from: Address } | undefined>;
}

/**
 * A legacy (type 0) transaction: its fee is exactly gas used × gasPrice, never a share of a max fee, so a
 * sweep can spend an address down to zero.
 */
export interface LegacyTx {
  to: Address;
  value: bigint;
  data?: Hex;
  gas: bigint;
  gasPrice: bigint;
  nonce: number;
}

/** One outgoing payment: native BNB (`token` undefined), a token transfer, or an ANGLS mint. */
export interface Payment {
  kind: 'native' | 'transfer' | 'mint';
  token?: Address;
  to: Address;
  /** Chain units. */
  amount: bigint;
  nonce: number;
}

// mint(address,uint256) of the ANGLS token: only its owner, the hot wallet, may call it.
const MINT_ABI = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;
/** Gas limits: a plain transfer, and a margin over an ERC-20 transfer or mint (~35–70k). */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 120_000n;

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
  const depositKey = (userId: number): Hex | undefined => {
    const key = deposits?.deriveChild(userId).privateKey;
    return key ? bytesToHex(key) : undefined;
  };
  const nonce = () => opts.client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  return {
    hotWallet: account.address,
    sendNative: (to, value) => serial(async () => wallet.sendTransaction({ to, value, nonce: await nonce() })),
    sendToken: (token, to, amount) =>
      serial(async () =>
        wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount], nonce: await nonce() }),
      ),
    serial,
    async signPayment(p) {
      const fees = await opts.client.estimateFeesPerGas();
      const call =
        p.kind === 'native'
          ? { to: p.to, value: p.amount, gas: NATIVE_GAS }
          : {
              to: p.token!,
              value: 0n,
              gas: TOKEN_GAS,
              data:
                p.kind === 'mint'
                  ? encodeFunctionData({ abi: MINT_ABI, functionName: 'mint', args: [p.to, p.amount] })
                  : encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [p.to, p.amount] }),
            };
      const raw = await account.signTransaction({
        ...call,
        chainId: opts.chain.id,
        nonce: p.nonce,
        type: 'eip1559',
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw) };
    },
    async signCall(c) {
      const fees = await opts.client.estimateFeesPerGas();
      const raw = await account.signTransaction({
        ...c,
        chainId: opts.chain.id,
        type: 'eip1559',
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw) };
    },
    depositKey,
    async signFromDeposit(userId, tx) {
      const key = depositKey(userId);
      if (!key) return undefined;
      const from = privateKeyToAccount(key);
      const raw = await from.signTransaction({ ...tx, chainId: opts.chain.id, type: 'legacy' });
      return { raw, hash: keccak256(raw), from: from.address };
    },
  };
}
