/**
 * Sweeps: after a deposit is credited, its funds move from the player's deposit address to the hot wallet.
 * Custody-internal (the ledger does not move: the player's balance and `chain_custody` stay as they are);
 * the gas is the operator's, so reconcile sees it as operator funds spent. Per player one transaction at a
 * time, each stored (bytes, nonce, hash) BEFORE broadcast and followed to finality before the next is
 * planned; plans are made from balances at the final block, so a crash or a second run re-sends stored
 * bytes or finds nothing left, and never moves anything twice.
 *  - Tokens first: the deposit key signs transfer(hot wallet, whole balance). Without the BNB for its gas
 *    the hot wallet first tops the address up with exactly gas limit × gas price (not a deposit).
 *  - Then native BNB: balance − 21000 × gas price, as a legacy transaction (fee = gas used × price
 *    exactly), leaving zero.
 * When nothing is left the player's mark (`chain_cursors` `sweep:<user id>`) moves to the final block;
 * deposits in later blocks make the player a candidate again.
 */
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { ChainSweepsTable, SweepStatus } from '../db/tables/chain';
import type { ChainGateway, ChainToken } from './gateway';
import { nextNonce } from './nonces';

/** A plain transfer's gas. */
const NATIVE_GAS = 21_000n;
/** Players planned per step, and stored transactions followed per step. */
const BATCH = 20;

/** The `chain_cursors` name of player `userId`'s sweep mark. */
export const sweepCursor = (userId: number) => `sweep:${userId}`;

/** What one step did. */
export interface SweepStep {
  /** Transactions signed and broadcast. */
  sent: number;
  /** Stored transactions found final: succeeded, failed. */
  done: number;
  failed: number;
  /** Players whose address was found empty (their mark moved). */
  clean: number[];
}

type NewSweep = Pick<
  ChainSweepsTable,
  'tx_hash' | 'user_id' | 'kind' | 'asset' | 'signer' | 'nonce' | 'raw' | 'chain_amount' | 'gas_limit' | 'gas_price'
>;

/** The sweeper over `gateway` (which must sign and hold WALLET_XPRV, else each step does nothing). */
export function createSweeper(db: Db, clock: Clock, gateway: ChainGateway) {
  const k = db.kysely;
  const { client } = gateway;
  const rows = (status: SweepStatus) =>
    k.selectFrom('chain_sweeps').selectAll().where('status', '=', status).orderBy('created_at').limit(BATCH).execute();
  const broadcast = async (raw: Hex) => {
    try {
      await client.sendRawTransaction({ serializedTransaction: raw });
    } catch {
      // Already known or already mined: the receipt decides. Anything else is retried next step.
    }
  };
  const markBroadcast = (hash: string) =>
    k
      .updateTable('chain_sweeps')
      .set({ status: 'broadcast', updated_at: clock.now() })
      .where('tx_hash', '=', hash)
      .where('status', '=', 'signed')
      .execute();

  /** Stores then broadcasts; false when stored bytes already hold the signer's nonce or the player's one slot in flight. */
  const storeAndSend = async (row: NewSweep): Promise<boolean> => {
    const now = clock.now();
    const stored = await k
      .insertInto('chain_sweeps')
      .values({ ...row, signer: row.signer.toLowerCase(), status: 'signed', created_at: now, updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('tx_hash')
      .executeTakeFirst();
    if (!stored) return false;
    await broadcast(row.raw as Hex);
    await markBroadcast(row.tx_hash);
    return true;
  };

  /** Follows stored transactions: re-sends unsent bytes, resolves final ones; returns players still in flight. */
  const follow = async (out: SweepStep): Promise<Set<number>> => {
    for (const r of await rows('signed')) {
      await broadcast(r.raw as Hex);
      await markBroadcast(r.tx_hash);
    }
    const final = (await client.getBlockNumber()) - BigInt(gateway.confirmations);
    for (const r of await rows('broadcast')) {
      const receipt = await client.getTransactionReceipt({ hash: r.tx_hash as Hex }).catch(() => undefined);
      let status: SweepStatus | undefined;
      if (!receipt) {
        // The nonce went to another transaction, finally: ours can never be mined (the next plan starts over).
        const usedAtFinal = final >= 0n ? await client.getTransactionCount({ address: r.signer as Address, blockNumber: final }) : 0;
        if (usedAtFinal > r.nonce) status = 'failed';
        else await broadcast(r.raw as Hex);
      } else if (receipt.blockNumber <= final) status = receipt.status === 'success' ? 'done' : 'failed';
      if (!status) continue;
      await k
        .updateTable('chain_sweeps')
        .set({ status, updated_at: clock.now() })
        .where('tx_hash', '=', r.tx_hash)
        .where('status', '=', 'broadcast')
        .execute();
      if (status === 'done') out.done++;
      else out.failed++;
    }
    const open = await k.selectFrom('chain_sweeps').select('user_id').where('status', 'in', ['signed', 'broadcast']).execute();
    return new Set(open.map((r) => r.user_id));
  };

  /** Players with deposits in blocks after their mark. */
  const candidates = async (open: Set<number>): Promise<number[]> => {
    const marks = await k.selectFrom('chain_cursors').select(['name', 'block_number']).where('name', 'like', 'sweep:%').execute();
    const markOf = new Map(marks.map((m) => [m.name, Number(m.block_number)]));
    const latest = await k
      .selectFrom('chain_deposits')
      .select(['user_id', (eb) => eb.fn.max('block_number').as('b')])
      .groupBy('user_id')
      .orderBy('user_id')
      .execute();
    return latest
      .filter((d) => !open.has(d.user_id) && Number(d.b) > (markOf.get(sweepCursor(d.user_id)) ?? -1))
      .map((d) => d.user_id)
      .slice(0, BATCH);
  };

  /** The token sweep's call, gas limit and the BNB its gas needs at `gasPrice`. */
  const tokenSweep = async (from: Address, token: ChainToken, balance: bigint, hot: Address) => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot, balance] });
    const gas = await client.estimateGas({ account: from, to: token.address, data });
    return { data, gas };
  };

  /** Whether player `userId` has a top-up for `asset` that no sweep has used since (a failed sweep burnt its gas too). */
  const unspentTopup = async (userId: number, asset: string): Promise<boolean> => {
    const final = await k
      .selectFrom('chain_sweeps')
      .select(['kind', 'status'])
      .where('user_id', '=', userId)
      .where('asset', '=', asset)
      .where('status', 'in', ['done', 'failed'])
      .execute();
    const topups = final.filter((r) => r.kind === 'topup' && r.status === 'done').length;
    return topups > final.filter((r) => r.kind === 'sweep').length;
  };

  /** Signs and sends the next transaction of player `userId`'s sweep, or marks the address clean. */
  const planOne = async (userId: number, final: bigint, out: SweepStep): Promise<void> => {
    const signer = gateway.signer!;
    const hot = signer.hotWallet;
    const row = await k.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).executeTakeFirst();
    if (!row) return;
    const address = getAddress(row.address);
    const gasPrice = await client.getGasPrice();
    const native = await client.getBalance({ address, blockNumber: final });
    const fromDeposit = async (
      tx: { to: Address; value: bigint; data?: Hex; gas: bigint; gasPrice: bigint },
      asset: string,
      amount: bigint,
    ) => {
      const nonce = await nextNonce(k, gateway, address);
      const signed = await signer.signFromDeposit(userId, { ...tx, nonce });
      if (!signed) return;
      // The key must be the one of the address the deposits were credited at (WALLET_XPRV matches WALLET_XPUB).
      if (signed.from.toLowerCase() !== row.address)
        throw new Error(`sweep: WALLET_XPRV gives ${signed.from} for user ${userId}, the deposit address is ${address}`);
      const sent = await storeAndSend({
        tx_hash: signed.hash,
        user_id: userId,
        kind: 'sweep',
        asset,
        signer: signed.from,
        nonce,
        raw: signed.raw,
        chain_amount: amount.toString(),
        gas_limit: tx.gas.toString(),
        gas_price: tx.gasPrice.toString(),
      });
      if (sent) out.sent++;
    };

    for (const token of gateway.tokens) {
      const balance = await client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
        blockNumber: final,
      });
      if (balance === 0n) continue;
      const { data, gas } = await tokenSweep(address, token, balance, hot);
      const need = gas * gasPrice;
      if (native < need) {
        // The hot wallet pays the gas: exactly what the transfer needs at this price, no more.
        const topup = need - native;
        await signer.serial(async () => {
          const nonce = await nextNonce(k, gateway, hot);
          const { raw, hash } = await signer.signPayment({ kind: 'native', to: address, amount: topup, nonce });
          if (
            await storeAndSend({
              tx_hash: hash,
              user_id: userId,
              kind: 'topup',
              asset: token.asset,
              signer: hot,
              nonce,
              raw,
              chain_amount: topup.toString(),
              gas_limit: gas.toString(),
              gas_price: gasPrice.toString(),
            })
          )
            out.sent++;
        });
        return;
      }
      // A top-up not yet spent by a sweep of this token is spent whole (the price it was sent at, or a little
      // more): it is the operator's gas, to the wei. Otherwise the BNB is the player's, used at today's price.
      const whole = native / gas;
      const price = whole <= 2n * gasPrice && (await unspentTopup(userId, token.asset)) ? whole : gasPrice;
      await fromDeposit({ to: token.address, value: 0n, data, gas, gasPrice: price }, token.asset, balance);
      return;
    }

    const cost = NATIVE_GAS * gasPrice;
    if (native > cost) {
      await fromDeposit({ to: hot, value: native - cost, gas: NATIVE_GAS, gasPrice }, 'BNB', native - cost);
      return;
    }
    // Nothing left worth a transaction (a remainder below one transfer's gas stays, counted as custody).
    const block = await client.getBlock({ blockNumber: final });
    const values = { name: sweepCursor(userId), block_number: Number(final), block_hash: block.hash, updated_at: clock.now() };
    await k
      .insertInto('chain_cursors')
      .values(values)
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ block_number: values.block_number, block_hash: values.block_hash, updated_at: values.updated_at }),
      )
      .execute();
    out.clean.push(userId);
  };

  return {
    /** Follows stored sweep transactions, then plans the next one of each player with new deposits. */
    async step(): Promise<SweepStep> {
      const out: SweepStep = { sent: 0, done: 0, failed: 0, clean: [] };
      // Without WALLET_XPRV on this node no deposit address can sign: nothing to do here.
      if (!gateway.signer?.depositKey(1)) return out;
      const open = await follow(out);
      const final = (await client.getBlockNumber()) - BigInt(gateway.confirmations);
      if (final < 0n) return out;
      // One player's failure (an RPC error, a token that refuses) must not hold up the others' sweeps.
      const errors: unknown[] = [];
      for (const userId of await candidates(open)) await planOne(userId, final, out).catch((err: unknown) => errors.push(err));
      if (errors.length > 0) throw new Error(`sweep: ${errors.length} player(s) failed, first: ${String(errors[0])}`, { cause: errors[0] });
      return out;
    },
  };
}
