/** The crash test's batches: a pure function of (seed, k), so the parent and a retrying child agree. */
import type { TransferInput } from '../../../../src/server/ledger/index';
import { mulberry32 } from '../../../../src/shared/mulberry32';

/** The crash test's generator: mulberry32, shared with the art generator. */
export const prng = mulberry32;

/**
 * Batch `k` of run `seed`: 1–4 transfers among `accounts` (some overdraw, so the batch is refused), a
 * pending reservation, or the post/void of the previous batch's reservation.
 */
export function crashBatch(seed: number, k: number, accounts: number[]): TransferInput[] {
  const rnd = prng(seed * 1_000_003 + k);
  const pick = () => accounts[Math.floor(rnd() * accounts.length)]!;
  const size = 1 + Math.floor(rnd() * 4);
  const out: TransferInput[] = [];
  for (let i = 0; i < size; i++) {
    const id = `c${seed}-${k}-${i}`;
    const debit = pick();
    let credit = pick();
    if (credit === debit) credit = accounts[(accounts.indexOf(debit) + 1) % accounts.length]!;
    const amount = BigInt(1 + Math.floor(rnd() * 4000));
    const r = rnd();
    if (r < 0.8) out.push({ id, debit, credit, amount, code: 'crash' });
    else if (r < 0.92) out.push({ kind: 'pending', id, debit, credit, amount, timeoutMs: 3_600_000, code: 'crash' });
    else if (r < 0.97) out.push({ kind: 'post', id, pendingId: `c${seed}-${k - 1}-${i}`, amount: rnd() < 0.5 ? undefined : 1n });
    else out.push({ kind: 'void', id, pendingId: `c${seed}-${k - 1}-${i}` });
  }
  return out;
}
