/**
 * Writes each published month's Merkle root on the chain: the hot wallet sends itself a 0-value
 * transaction whose calldata is `anchorCalldata(month, root)` (src/shared/rules/gdaoMerkle.ts). As the
 * withdrawal queue: the signed bytes, nonce and hash are stored BEFORE the broadcast, so a crash re-sends
 * the same transaction, never a second one; at finality (the gateway's confirmations) the block and its
 * time are recorded. A chain that cannot be read leaves the month `pending` or `broadcast` and the next
 * step tries again: publication never waits for the chain, and no month is ever dropped.
 */
import type { Updateable } from 'kysely';
import type { Hex } from 'viem';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import type { ChainGateway } from '../../chain/gateway';
import type { GdaoAnchorStatus, GdaoDistributionsTable } from '../../db/tables/gdao';
import { nextNonce } from '../../chain/nonces';
import { anchorCalldata } from '../../../shared/rules/gdaoMerkle';

/** Months handled per state and step: a backlog drains over several steps. */
const BATCH = 12;
/** Intrinsic gas of a call (21000) plus 40 per calldata byte: covers the standard cost and the calldata floor (EIP-7623). */
const gasFor = (data: Hex) => 21_000n + 40n * BigInt((data.length - 2) / 2);

/** What one step did (months). */
export interface AnchorStep {
  sent: string[];
  anchored: string[];
  /** Months whose transaction was lost (its nonce taken by another, or reverted): pending again. */
  resent: string[];
}

/** The anchoring queue over `gateway` (which must sign). */
export function createGdaoAnchorer(db: Db, clock: Clock, gateway: ChainGateway) {
  const k = db.kysely;
  const { client } = gateway;
  const rows = (status: 'pending' | 'signed' | 'broadcast') =>
    k
      .selectFrom('gdao_distributions')
      .select(['month', 'merkle_root', 'anchor_raw', 'anchor_tx_hash', 'anchor_signer', 'anchor_nonce'])
      .where('anchor_status', '=', status)
      .where('merkle_root', 'is not', null)
      .orderBy('month')
      .limit(BATCH)
      .execute();
  const mark = (month: string, from: GdaoAnchorStatus, set: Updateable<GdaoDistributionsTable>) =>
    k
      .updateTable('gdao_distributions')
      .set({ ...set, anchor_updated_at: clock.now() })
      .where('month', '=', month)
      .where('anchor_status', '=', from)
      .executeTakeFirst();
  const broadcast = async (raw: Hex) => {
    try {
      await client.sendRawTransaction({ serializedTransaction: raw });
    } catch {
      // Already known or already mined: the receipt decides. Anything else is retried next step.
    }
  };

  const signPending = async (out: AnchorStep) => {
    const signer = gateway.signer;
    if (!signer) return;
    for (const m of await rows('pending')) {
      await signer.serial(async () => {
        const data = anchorCalldata(m.month, m.merkle_root!);
        const nonce = await nextNonce(k, gateway, signer.hotWallet);
        const { raw, hash } = await signer.signCall({ to: signer.hotWallet, value: 0n, data, gas: gasFor(data), nonce });
        const res = await mark(m.month, 'pending', {
          anchor_status: 'signed',
          anchor_signer: signer.hotWallet.toLowerCase(),
          anchor_nonce: nonce,
          anchor_raw: raw,
          anchor_tx_hash: hash,
        });
        if (Number(res.numUpdatedRows) !== 1) return;
        await broadcast(raw);
        await mark(m.month, 'signed', { anchor_status: 'broadcast' });
        out.sent.push(m.month);
      });
    }
  };

  /** Back to pending: the next step signs a new transaction at a new nonce. */
  const resend = (month: string) =>
    mark(month, 'broadcast', { anchor_status: 'pending', anchor_signer: null, anchor_nonce: null, anchor_raw: null, anchor_tx_hash: null });

  return {
    /** Re-sends stored bytes, signs and sends pending months, and records the final ones. */
    async step(): Promise<AnchorStep> {
      const out: AnchorStep = { sent: [], anchored: [], resent: [] };
      // Signed but not marked broadcast: the process died in between; send the same bytes again.
      for (const m of await rows('signed')) {
        await broadcast(m.anchor_raw as Hex);
        await mark(m.month, 'signed', { anchor_status: 'broadcast' });
      }
      await signPending(out);
      // Nothing on its way: no need to ask the chain for its head on every tick.
      const waiting = await rows('broadcast');
      if (waiting.length === 0) return out;
      const head = await client.getBlockNumber();
      const final = head - BigInt(gateway.confirmations);
      if (final < 0n) return out;
      for (const m of waiting) {
        const receipt = await client.getTransactionReceipt({ hash: m.anchor_tx_hash as Hex }).catch(() => undefined);
        const nonce = m.anchor_nonce ?? 0;
        if (!receipt) {
          const from = m.anchor_signer as Hex;
          // The nonce went to another transaction, and that is final: ours can never be mined.
          if ((await client.getTransactionCount({ address: from, blockNumber: final })) > nonce) {
            await resend(m.month);
            out.resent.push(m.month);
          } else await broadcast(m.anchor_raw as Hex);
          continue;
        }
        if (receipt.blockNumber > final) continue;
        if (receipt.status !== 'success') {
          await resend(m.month);
          out.resent.push(m.month);
          continue;
        }
        const block = await client.getBlock({ blockNumber: receipt.blockNumber });
        await mark(m.month, 'broadcast', {
          anchor_status: 'anchored',
          anchor_block: Number(receipt.blockNumber),
          anchor_block_time: Number(block.timestamp) * 1000,
          anchor_raw: null,
        });
        out.anchored.push(m.month);
      }
      return out;
    },
  };
}

/** The anchoring queue's type. */
export type GdaoAnchorer = ReturnType<typeof createGdaoAnchorer>;
