/** Transfers: single, linked batches (all or nothing), and the two-phase post/void of a pending one. */
import { planBatch, referencedPendingIds, touchedAccountIds, validateInputs, type EngineInput } from './engine';
import type { LedgerTx } from './ledgerTx';
import type { PostInput, TransferInput, TransferResult, VoidInput } from './types';

/** @internal applies any engine input batch (expiry uses this with its own input kind). */
export async function applyBatch(tx: LedgerTx, inputs: readonly EngineInput[]): Promise<TransferResult[]> {
  validateInputs(inputs);
  // Pending transfers are immutable, so reading them before taking locks is safe; we need their accounts.
  const pendingIds = referencedPendingIds(inputs);
  const pendings = await tx.store.findTransfers(pendingIds);
  const accounts = await tx.store.lockAccounts(touchedAccountIds(inputs, pendings));
  // Under the locks: a concurrent twin of this batch, or a concurrent resolution of the same pending,
  // has either committed (and is seen now) or waits for us.
  const existing = await tx.store.findTransfers([...inputs.map((t) => t.id), ...pendingIds]);
  const resolved = await tx.store.findResolved(pendingIds);
  const plan = planBatch(inputs, { now: tx.now, existing, resolved, accounts });
  await tx.store.write(plan);
  return plan.results;
}

/**
 * Applies `inputs` in order as one linked batch: all of them or none (the first refusal throws a
 * LedgerError naming the transfer). Transfers already stored with identical fields are returned as they
 * were (`created: false`) and not applied again.
 */
export function transferBatch(tx: LedgerTx, inputs: readonly TransferInput[]): Promise<TransferResult[]> {
  return applyBatch(tx, inputs);
}

/** Applies one transfer (posted, pending, post or void). */
export async function transfer(tx: LedgerTx, input: TransferInput): Promise<TransferResult> {
  const [result] = await applyBatch(tx, [input]);
  return result!;
}

/** Posts a pending transfer, fully or partly (the rest returns to the debit account). */
export function postPending(tx: LedgerTx, input: Omit<PostInput, 'kind'>): Promise<TransferResult> {
  return transfer(tx, { ...input, kind: 'post' });
}

/** Voids a pending transfer: the reservation is released, nothing moves. */
export function voidPending(tx: LedgerTx, input: Omit<VoidInput, 'kind'>): Promise<TransferResult> {
  return transfer(tx, { ...input, kind: 'void' });
}
