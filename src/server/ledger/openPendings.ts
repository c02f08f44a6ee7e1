/** What a batch changes in `ledger_open_pendings`: the reservations it opens and the ones it resolves. */
import type { BatchPlan } from './engine';

/** Rows to insert and pending ids to delete; a pending opened and resolved in the same batch is neither. */
export function openPendingChanges(plan: BatchPlan): { opened: { id: string; expiresAt: number }[]; closed: string[] } {
  const resolved = new Set<string>();
  for (const t of plan.transfers) if (t.pendingId !== null) resolved.add(t.pendingId);
  const opened: { id: string; expiresAt: number }[] = [];
  const openedHere = new Set<string>();
  for (const t of plan.transfers) {
    if (t.kind !== 'pending') continue;
    openedHere.add(t.id);
    if (!resolved.has(t.id)) opened.push({ id: t.id, expiresAt: t.expiresAt ?? Number.MAX_SAFE_INTEGER });
  }
  return { opened, closed: [...resolved].filter((id) => !openedHere.has(id)) };
}
