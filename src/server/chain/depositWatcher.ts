/**
 * The deposit watcher: reads only blocks at least CHAIN_CONFIRMATIONS deep (so a reorg within the
 * finality depth never reaches it), finds native BNB sent to player addresses by successful transactions
 * and Transfer logs of OUR tokens to them, and credits each (tx hash, log index) once: the
 * `chain_deposits` row, the ledger transfer chain_custody → player (genesis for ANGLS; id
 * `deposit:<tx hash>:<log index>`)
 * and the cursor move commit together, so a restart or a log seen twice never credits again. The sweep's
 * gas top-ups (sweeps.ts) are not deposits.
 */
import { parseAbiItem, type Address, type Hash } from 'viem';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { createLedger, playerAccount, systemAccount, transfer } from '../ledger/index';
import { playersByAddress } from './depositAddresses';
import { NATIVE_DECIMALS, toLedgerUnits, type ChainAsset, type ChainGateway } from './gateway';

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** The log index recorded for a native transfer (it has no log). */
export const NATIVE_LOG_INDEX = -1;
/** Blocks read per scan: bounded so one scan is one short commit and within RPC log-range limits. */
const MAX_RANGE = 500n;
const CURSOR = 'deposits';

/** A deposit as the watcher found it on the chain. */
export interface FoundDeposit {
  txHash: Hash;
  logIndex: number;
  to: Address;
  asset: ChainAsset;
  value: bigint;
  decimals: number;
  blockNumber: bigint;
  blockHash: Hash;
}

/** A deposit credited by this scan (for the player's `transaction_update`). */
export interface CreditedDeposit {
  id: string;
  userId: number;
  asset: ChainAsset;
  /** Ledger units. */
  amount: bigint;
  txHash: Hash;
}

/** Scans the chain for deposits. */
export interface DepositWatcher {
  /** Reads the next final blocks (up to MAX_RANGE) and credits what they hold; returns the new credits. */
  scan(): Promise<CreditedDeposit[]>;
}

/** The ledger transfer id of a deposit. */
export function depositTransferId(txHash: string, logIndex: number): string {
  return `deposit:${txHash.toLowerCase()}:${logIndex}`;
}

/** A watcher over `gateway`, crediting through the ledger of `db`. */
export function createDepositWatcher(db: Db, clock: Clock, gateway: ChainGateway): DepositWatcher {
  const ledger = createLedger(db, clock);
  const { client } = gateway;

  const readRange = async (from: bigint, to: bigint): Promise<FoundDeposit[]> => {
    const found: FoundDeposit[] = [];
    const logs = await client.getLogs({
      address: gateway.tokens.map((t) => t.address),
      event: TRANSFER_EVENT,
      fromBlock: from,
      toBlock: to,
    });
    for (const log of logs) {
      // Only our tokens (the filter asks for them; a node that ignores it must not make us credit others).
      const token = gateway.tokens.find((t) => t.address.toLowerCase() === log.address.toLowerCase());
      if (
        !token ||
        log.removed ||
        !log.args.to ||
        !log.args.value ||
        log.blockHash === null ||
        log.transactionHash === null ||
        log.logIndex === null
      )
        continue;
      found.push({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        to: log.args.to,
        asset: token.asset,
        value: log.args.value,
        decimals: token.decimals,
        blockNumber: log.blockNumber!,
        blockHash: log.blockHash,
      });
    }
    for (let n = from; n <= to; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      for (const t of block.transactions) {
        if (!t.to || t.value === 0n) continue;
        found.push({
          txHash: t.hash,
          logIndex: NATIVE_LOG_INDEX,
          to: t.to,
          asset: 'BNB',
          value: t.value,
          decimals: NATIVE_DECIMALS,
          blockNumber: n,
          blockHash: block.hash,
        });
      }
    }
    return found;
  };

  return {
    async scan() {
      const head = await client.getBlockNumber();
      const safe = head - BigInt(gateway.confirmations);
      if (safe < 0n) return [];
      const cursor = await db.kysely.selectFrom('chain_cursors').selectAll().where('name', '=', CURSOR).executeTakeFirst();
      if (!cursor) {
        // First run: nothing before today's final block can belong to a player (no address was handed out).
        const block = await client.getBlock({ blockNumber: safe });
        await db.kysely
          .insertInto('chain_cursors')
          .values({ name: CURSOR, block_number: Number(safe), block_hash: block.hash, updated_at: clock.now() })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        return [];
      }
      const from = BigInt(cursor.block_number) + 1n;
      if (from > safe) return [];
      const to = safe < from + MAX_RANGE - 1n ? safe : from + MAX_RANGE - 1n;
      const last = await client.getBlock({ blockNumber: BigInt(cursor.block_number) });
      if (last.hash !== cursor.block_hash) {
        // A reorg deeper than CHAIN_CONFIRMATIONS: credits may be wrong; stop and call a human.
        throw new Error(
          `deposit watcher: block ${cursor.block_number} changed after it was final (${cursor.block_hash} → ${last.hash}); raise CHAIN_CONFIRMATIONS and reconcile`,
        );
      }
      const toBlock = await client.getBlock({ blockNumber: to });
      const candidates = await readRange(from, to);
      const owners = await playersByAddress(
        db.kysely,
        candidates.map((d) => d.to),
      );
      const mine = new Map<string, FoundDeposit & { userId: number }>();
      for (const d of candidates) {
        const userId = owners.get(d.to.toLowerCase());
        if (userId !== undefined) mine.set(depositTransferId(d.txHash, d.logIndex), { ...d, userId });
      }
      // The hot wallet's gas top-ups for sweeps are the platform's own BNB, not the player's: never credited
      // (their rows are stored before broadcast, so they are known by the time their block is final).
      const natives = [...mine.values()].filter((d) => d.logIndex === NATIVE_LOG_INDEX).map((d) => d.txHash.toLowerCase());
      for (let i = 0; i < natives.length; i += 500) {
        const topups = await db.kysely
          .selectFrom('chain_sweeps')
          .select('tx_hash')
          .where('kind', '=', 'topup')
          .where('tx_hash', 'in', natives.slice(i, i + 500))
          .execute();
        for (const t of topups) mine.delete(depositTransferId(t.tx_hash, NATIVE_LOG_INDEX));
      }
      // A native transfer counts only when its transaction succeeded (a failed one moved nothing).
      for (const [id, d] of mine) {
        if (d.logIndex !== NATIVE_LOG_INDEX) continue;
        const receipt = await client.getTransactionReceipt({ hash: d.txHash });
        if (receipt.status !== 'success') mine.delete(id);
      }

      const credited = await ledger.run(async (tx) => {
        const out: CreditedDeposit[] = [];
        for (const [id, d] of mine) {
          const { units, dust } = toLedgerUnits(d.asset, d.value, d.decimals);
          const row = await tx.kysely
            .insertInto('chain_deposits')
            .values({
              tx_hash: d.txHash.toLowerCase(),
              log_index: d.logIndex,
              user_id: d.userId,
              asset: d.asset,
              amount: units,
              chain_amount: d.value.toString(),
              dust: dust.toString(),
              block_number: Number(d.blockNumber),
              block_hash: d.blockHash,
              created_at: clock.now(),
            })
            .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
            .returning('tx_hash')
            .executeTakeFirst();
          if (!row || units === 0n) continue;
          // ANGLS tokens are minted when ANGLS leaves the ledger, so one coming back is re-issued (genesis);
          // USDC and BNB are held on the chain for the player (chain_custody).
          const debit = await systemAccount(tx, d.asset === 'ANGLS' ? 'genesis' : 'chain_custody', d.asset);
          const credit = await playerAccount(tx, d.userId, d.asset);
          await transfer(tx, { id, debit, credit, amount: units, code: 'deposit', ref: `${d.txHash.toLowerCase()}:${d.logIndex}` });
          out.push({ id, userId: d.userId, asset: d.asset, amount: units, txHash: d.txHash });
        }
        await tx.kysely
          .updateTable('chain_cursors')
          .set({ block_number: Number(to), block_hash: toBlock.hash, updated_at: clock.now() })
          .where('name', '=', CURSOR)
          .where('block_number', '=', cursor.block_number)
          .execute();
        return out;
      });
      return credited;
    },
  };
}
