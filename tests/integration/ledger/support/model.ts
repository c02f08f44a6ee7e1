/**
 * A deliberately plain in-memory reference ledger (BigInt maps, no storage) that the property tests run
 * side by side with the real one: every operation must produce the same outcome and balances in both.
 */

/** An operation the property test generates, on model-local account indexes and transfer ids. */
export type Op =
  | { t: 'move'; id: string; from: number; to: number; amount: bigint }
  | { t: 'batch'; moves: { id: string; from: number; to: number; amount: bigint }[] }
  | { t: 'pending'; id: string; from: number; to: number; amount: bigint; timeoutMs: number }
  | { t: 'post'; id: string; pendingId: string; amount?: bigint }
  | { t: 'void'; id: string; pendingId: string }
  | { t: 'tick'; ms: number }
  | { t: 'expire' };

interface ModelAccount {
  balance: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
  /** The source account (an issuer) may go negative but never positive; holders may not go negative. */
  mayGoNegative: boolean;
}

interface Stored {
  key: string;
  pending?: { from: number; to: number; amount: bigint; expiresAt: number; resolved: boolean };
}

/** The outcome of one operation: 'ok', 'exists', or the refusal's code. */
export type Outcome = string;

/** The reference ledger. */
export class LedgerModel {
  accounts: ModelAccount[];
  private transfers = new Map<string, Stored>();
  now: number;

  constructor(count: number, start: number) {
    this.accounts = Array.from({ length: count }, (_, i) => ({
      balance: 0n,
      debitsPending: 0n,
      creditsPending: 0n,
      mayGoNegative: i === 0,
    }));
    this.now = start;
  }

  private fits(a: ModelAccount) {
    return a.mayGoNegative || a.balance - a.debitsPending >= 0n;
  }

  /** Applies one transfer to a copy-on-failure state; returns the outcome. */
  private one(op: Exclude<Op, { t: 'batch' } | { t: 'tick' } | { t: 'expire' }>, created: Set<string>): Outcome {
    const key = JSON.stringify(op, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
    const prior = this.transfers.get(op.id);
    if (prior) {
      const sameAsPrior = prior.key === key || (op.t === 'post' && op.amount === undefined && this.postKeyMatches(prior.key, op));
      return sameAsPrior ? 'exists' : 'exists_with_different_fields';
    }
    if (op.t === 'move' || op.t === 'pending') {
      if (op.from === op.to) return 'invalid_transfer';
      const d = this.accounts[op.from]!;
      const c = this.accounts[op.to]!;
      if (op.t === 'move') {
        d.balance -= op.amount;
        c.balance += op.amount;
      } else {
        d.debitsPending += op.amount;
        c.creditsPending += op.amount;
      }
      if (!this.fits(d)) return 'exceeds_balance';
      if (c.mayGoNegative && c.balance + c.creditsPending > 0n) return 'exceeds_limit';
      this.transfers.set(op.id, {
        key,
        pending:
          op.t === 'pending'
            ? { from: op.from, to: op.to, amount: op.amount, expiresAt: this.now + op.timeoutMs, resolved: false }
            : undefined,
      });
    } else {
      const p = this.transfers.get(op.pendingId)?.pending;
      if (!p) return 'pending_not_found';
      if (p.resolved) return 'pending_already_resolved';
      if (op.t === 'post' && this.now >= p.expiresAt) return 'pending_expired';
      const amount = op.t === 'post' ? (op.amount ?? p.amount) : 0n;
      if (amount > p.amount) return 'exceeds_pending_amount';
      const d = this.accounts[p.from]!;
      const c = this.accounts[p.to]!;
      d.debitsPending -= p.amount;
      c.creditsPending -= p.amount;
      d.balance -= amount;
      c.balance += amount;
      p.resolved = true;
      const full = op.t === 'post' && op.amount === undefined ? { ...op, amount: p.amount } : op;
      this.transfers.set(op.id, { key: JSON.stringify(full, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) });
    }
    created.add(op.id);
    return 'ok';
  }

  private postKeyMatches(priorKey: string, op: { id: string; pendingId: string }) {
    const p = this.transfers.get(op.pendingId)?.pending;
    return !!p && priorKey === JSON.stringify({ t: 'post', id: op.id, pendingId: op.pendingId, amount: p.amount.toString() });
  }

  private snapshot() {
    return {
      accounts: this.accounts.map((a) => ({ ...a })),
      transfers: new Map([...this.transfers].map(([k, v]) => [k, { key: v.key, pending: v.pending && { ...v.pending } }])),
    };
  }

  /** Applies an operation all-or-nothing; returns one outcome per transfer ('ok'/'exists') or the refusal. */
  apply(op: Op): Outcome {
    if (op.t === 'tick') {
      this.now += op.ms;
      return 'ok';
    }
    if (op.t === 'expire') {
      for (const s of this.transfers.values()) {
        const p = s.pending;
        if (p && !p.resolved && this.now >= p.expiresAt) {
          this.accounts[p.from]!.debitsPending -= p.amount;
          this.accounts[p.to]!.creditsPending -= p.amount;
          p.resolved = true;
        }
      }
      return 'ok';
    }
    const before = this.snapshot();
    const ops = op.t === 'batch' ? op.moves.map((m) => ({ t: 'move' as const, ...m })) : [op];
    const created = new Set<string>();
    const outcomes: Outcome[] = [];
    for (const o of ops) {
      const r = this.one(o, created);
      if (r !== 'ok' && r !== 'exists') {
        this.accounts = before.accounts;
        this.transfers = before.transfers;
        return r;
      }
      outcomes.push(r);
    }
    return outcomes.join(',');
  }
}
