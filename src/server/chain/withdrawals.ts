/**
 * Withdrawals after their commit: sign (bytes, nonce and hash stored in the database BEFORE broadcast, so a
 * crash re-sends the same transaction and never a second one), broadcast, then at finality post the
 * player's reservation (amount to custody, gas to fees) or, when the transaction failed or its nonce went
 * to another, void it (the player gets everything back). The `transactions` row follows: pending →
 * success | fail, and the owner hears it.
 */
import type { Address, Hex } from 'viem';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { WithdrawalStatus } from '../db/tables/chain';
import { createLedger, postPending, voidPending } from '../ledger/index';
import type { TransactionView } from '../../shared/api/transactions';
import { CURRENCY_ASSETS } from '../../shared/money/assets';
import type { ChainAsset, ChainGateway } from './gateway';
import { NATIVE_DECIMALS } from './gateway';
import { nextNonce } from './nonces';

/** Transfer ids of a withdrawal's reservation legs (the send kind creates them; here they are resolved). */
export const withdrawalLegs = (id: string) => ({ amount: `send:${id}:amount`, gas: `send:${id}:gas` });
/** The player's message when a withdrawal failed on the chain (everything was refunded). */
export const WITHDRAWAL_FAILED = 'Withdrawal failed on the chain; the amount and gas were returned.';
/** Rows handled per step and state: a backlog drains over several ticks. */
const BATCH = 20;

/**
 * Named points on a withdrawal's way, for crash tests (a test kills the process as one is passed):
 * `signed` bytes stored, not sent; `sent` sent, not marked broadcast; `resent` stored bytes of a `signed`
 * row sent again after a crash; `settling` ledger resolved, not committed; `settled` committed, owner not told.
 */
export type WithdrawalPoint = 'signed' | 'sent' | 'resent' | 'settling' | 'settled';
/** Called as a withdrawal passes each point; production passes none. */
export type WithdrawalHook = (point: WithdrawalPoint, id: string) => void;

/** What one step did. */
export interface WithdrawalStep {
  signed: number;
  done: string[];
  failed: string[];
}

/** A queued withdrawal as the safety step sees it. */
export interface QueuedWithdrawal {
  id: string;
  user_id: number;
  asset: string;
  to_address: string;
  amount: bigint;
}

/**
 * Withdrawal safety in the queue: each queued withdrawal is announced once (the mail with its freeze
 * link) and signed only after `holdMs`, once announced, and while its player is not frozen.
 */
export interface QueueSafety {
  holdMs: number;
  /** Sends the withdrawal's mail; throws when it could not (the withdrawal waits for the next step). */
  announce(w: QueuedWithdrawal): Promise<void>;
}

/**
 * Runs the withdrawal queue over `gateway` (which must sign); without `safety` every queued row is signed at
 * once; `at` hears each WithdrawalPoint passed.
 */
export function createWithdrawalProcessor(
  db: Db,
  clock: Clock,
  gateway: ChainGateway,
  onUpdate: (userId: number, view: TransactionView) => void,
  { safety, at = () => {} }: { safety?: QueueSafety; at?: WithdrawalHook } = {},
) {
  const ledger = createLedger(db, clock);
  const { client } = gateway;
  const k = db.kysely;
  const rows = (status: WithdrawalStatus) =>
    k.selectFrom('chain_withdrawals').selectAll().where('status', '=', status).orderBy('created_at').limit(BATCH).execute();
  const broadcast = async (raw: Hex) => {
    try {
      await client.sendRawTransaction({ serializedTransaction: raw });
    } catch {
      // Already known or already mined: the receipt decides. Anything else is retried next step.
    }
  };

  // Announced (mail token stored), past the hold and not frozen; without safety, every queued row.
  const signable = () =>
    safety
      ? k
          .selectFrom('chain_withdrawals')
          .selectAll()
          .where('status', '=', 'queued')
          .where('created_at', '<=', clock.now() - safety.holdMs)
          .where('id', 'in', (eb) => eb.selectFrom('withdrawal_mail_tokens').select('withdrawal_id'))
          .where('user_id', 'not in', (eb) => eb.selectFrom('withdrawal_freezes').select('user_id'))
          .orderBy('created_at')
          .limit(BATCH)
          .execute()
      : rows('queued');

  const announceQueued = async () => {
    if (!safety) return;
    const fresh = await k
      .selectFrom('chain_withdrawals')
      .select(['id', 'user_id', 'asset', 'to_address', 'amount'])
      .where('status', '=', 'queued')
      .where('id', 'not in', (eb) => eb.selectFrom('withdrawal_mail_tokens').select('withdrawal_id'))
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    for (const w of fresh) await safety.announce(w);
  };

  const signQueued = async (): Promise<number> => {
    const signer = gateway.signer;
    if (!signer) return 0;
    let signed = 0;
    await announceQueued();
    for (const w of await signable()) {
      await signer.serial(async () => {
        const asset = w.asset as ChainAsset;
        const token = gateway.tokens.find((t) => t.asset === asset);
        const decimals = token?.decimals ?? NATIVE_DECIMALS;
        const chainAmount = w.amount * 10n ** BigInt(decimals - CURRENCY_ASSETS[asset].scale);
        const nonce = await nextNonce(k, gateway, signer.hotWallet);
        const kind = asset === 'BNB' ? 'native' : asset === 'ANGLS' ? 'mint' : 'transfer';
        const { raw, hash } = await signer.signPayment({
          kind,
          token: token?.address,
          to: w.to_address as Address,
          amount: chainAmount,
          nonce,
        });
        const res = await k
          .updateTable('chain_withdrawals')
          .set({
            status: 'signed',
            signer: signer.hotWallet.toLowerCase(),
            nonce,
            raw,
            tx_hash: hash,
            chain_amount: chainAmount.toString(),
            updated_at: clock.now(),
          })
          .where('id', '=', w.id)
          .where('status', '=', 'queued')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return;
        at('signed', w.id);
        await broadcast(raw);
        at('sent', w.id);
        await k
          .updateTable('chain_withdrawals')
          .set({ status: 'broadcast', updated_at: clock.now() })
          .where('id', '=', w.id)
          .where('status', '=', 'signed')
          .execute();
        signed++;
      });
    }
    return signed;
  };

  const settle = async (id: string, userId: number, ok: boolean) => {
    const legs = withdrawalLegs(id);
    const resolve = ok ? postPending : voidPending;
    await ledger.run(async (tx) => {
      const w = await tx.kysely.selectFrom('chain_withdrawals').select(['status', 'gas']).where('id', '=', id).executeTakeFirst();
      if (w?.status !== 'broadcast' && w?.status !== 'signed') return;
      await resolve(tx, { id: `${legs.amount}:${ok ? 'post' : 'void'}`, pendingId: legs.amount });
      if (w.gas > 0n) await resolve(tx, { id: `${legs.gas}:${ok ? 'post' : 'void'}`, pendingId: legs.gas });
      await tx.kysely
        .updateTable('chain_withdrawals')
        .set({ status: ok ? 'done' : 'failed', updated_at: tx.now })
        .where('id', '=', id)
        .execute();
      await tx.kysely
        .updateTable('transactions')
        .set({ status: ok ? 'success' : 'fail', message: ok ? null : WITHDRAWAL_FAILED, updated_at: tx.now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      at('settling', id);
    });
    at('settled', id);
    onUpdate(userId, { id, type: 'send', status: ok ? 'success' : 'fail', message: ok ? null : WITHDRAWAL_FAILED });
  };

  return {
    /** Signs and broadcasts queued withdrawals, re-sends stored bytes, and settles the final ones. */
    async step(): Promise<WithdrawalStep> {
      const out: WithdrawalStep = { signed: 0, done: [], failed: [] };
      // Signed but not marked broadcast: the process died in between; send the same bytes again.
      for (const w of await rows('signed')) {
        await broadcast(w.raw as Hex);
        at('resent', w.id);
        await k
          .updateTable('chain_withdrawals')
          .set({ status: 'broadcast', updated_at: clock.now() })
          .where('id', '=', w.id)
          .where('status', '=', 'signed')
          .execute();
      }
      out.signed = await signQueued();
      const head = await client.getBlockNumber();
      const final = head - BigInt(gateway.confirmations);
      if (final < 0n) return out;
      for (const w of await rows('broadcast')) {
        const receipt = await client.getTransactionReceipt({ hash: w.tx_hash as Hex }).catch(() => undefined);
        if (!receipt) {
          const used = await client.getTransactionCount({ address: w.signer as Address, blockTag: 'latest' });
          // The nonce went to another transaction (and that is final): ours can never be mined.
          if (
            used > (w.nonce ?? 0) &&
            (await client.getTransactionCount({ address: w.signer as Address, blockNumber: final })) > (w.nonce ?? 0)
          ) {
            await settle(w.id, w.user_id, false);
            out.failed.push(w.id);
          } else await broadcast(w.raw as Hex);
          continue;
        }
        if (receipt.blockNumber > final) continue;
        await settle(w.id, w.user_id, receipt.status === 'success');
        (receipt.status === 'success' ? out.done : out.failed).push(w.id);
      }
      return out;
    },
  };
}
