/**
 * The ledger's rules as a pure function: given the locked accounts and the stored transfers a batch
 * refers to, compute the new transfers, entries and account states, or refuse the whole batch. Storage
 * (sqliteStore.ts, postgresStore.ts) only reads the inputs and writes the plan.
 */
import { LedgerError, type LedgerErrorCode } from './errors';
import { limitRefusal } from './limits';
import type { Account, Entry, PendingInput, PostedInput, Transfer, TransferInput, TransferResult } from './types';
import { MAX_UNITS } from '../../shared/money/assets';

/** Internal resolution of an expired pending transfer (the expiry sweep makes these). */
export interface ExpireInput {
  kind: 'expire';
  id: string;
  pendingId: string;
}

/** What a batch may hold inside the ledger. */
export type EngineInput = TransferInput | ExpireInput;

/** What the engine needs to know about the database, read under the batch's account locks. */
export interface BatchContext {
  now: number;
  /** Stored transfers among the batch's ids and the pending ids it refers to. */
  existing: Map<string, Transfer>;
  /** Pending ids that already have a stored resolution. */
  resolved: Set<string>;
  /** The accounts the batch touches, locked for this transaction. */
  accounts: Map<number, Account>;
}

/** The writes a batch makes, all in one commit. */
export interface BatchPlan {
  results: TransferResult[];
  transfers: Transfer[];
  entries: Entry[];
  /** The new state of every account whose row changes. */
  accounts: Account[];
}

const ID = /^[\x21-\x7e]{1,128}$/;

/** True for inputs that name their two accounts (posted and pending), false for resolutions. */
export function isMove(t: EngineInput): t is PostedInput | PendingInput {
  return t.kind === undefined || t.kind === 'posted' || t.kind === 'pending';
}

/** Refuses malformed batches before any database work (bad ids, amounts, duplicate ids). */
export function validateInputs(inputs: readonly EngineInput[]): void {
  if (inputs.length === 0) throw new LedgerError('invalid_transfer', 'empty batch');
  const seen = new Set<string>();
  inputs.forEach((t, i) => {
    const bad = (why: string) => new LedgerError('invalid_transfer', why, t.id, i);
    // Caller ids stop at 126 characters so that an expiry's id (`x:` + pending id) still fits the column.
    const max = t.kind === 'expire' ? 128 : 126;
    if (typeof t.id !== 'string' || !ID.test(t.id) || t.id.length > max) throw bad(`id must be 1–${max} printable ASCII characters`);
    // `x:` belongs to the expiry sweep: a caller's transfer there would block a pending's expiry forever.
    if (t.kind !== 'expire' && t.id.startsWith('x:')) throw bad('ids starting with "x:" are reserved for expiries');
    if (seen.has(t.id)) throw bad('duplicate id in batch');
    seen.add(t.id);
    if (isMove(t)) {
      if (!Number.isSafeInteger(t.debit) || !Number.isSafeInteger(t.credit)) throw bad('account ids must be integers');
      if (t.debit === t.credit) throw bad('debit and credit are the same account');
      if (typeof t.amount !== 'bigint' || t.amount <= 0n || t.amount > MAX_UNITS) throw bad('amount must be a positive int64');
      if (typeof t.code !== 'string' || t.code.length > 32) throw bad('code must be a string of at most 32 characters');
      if (t.kind === 'pending' && (!Number.isSafeInteger(t.timeoutMs) || t.timeoutMs <= 0)) throw bad('timeoutMs must be positive');
    } else {
      if (typeof t.pendingId !== 'string' || !ID.test(t.pendingId)) throw bad('pendingId required');
      if (t.kind === 'post' && t.amount !== undefined && (typeof t.amount !== 'bigint' || t.amount <= 0n)) {
        throw bad('a post amount must be positive (void releases all)');
      }
    }
    if ('code' in t && t.code !== undefined && (typeof t.code !== 'string' || t.code.length > 32))
      throw bad('code must be at most 32 characters');
    if ('ref' in t && t.ref != null && (typeof t.ref !== 'string' || t.ref.length > 255)) throw bad('ref too long');
  });
}

/** Pending ids a batch resolves (to load them before locking their accounts). */
export function referencedPendingIds(inputs: readonly EngineInput[]): string[] {
  const out: string[] = [];
  for (const t of inputs) if (!isMove(t)) out.push(t.pendingId);
  return out;
}

/** Account ids a batch touches, given the pending transfers it resolves. */
export function touchedAccountIds(inputs: readonly EngineInput[], pendings: Map<string, Transfer>): number[] {
  const ids = new Set<number>();
  for (const t of inputs) {
    if (isMove(t)) {
      ids.add(t.debit);
      ids.add(t.credit);
    } else {
      const p = pendings.get(t.pendingId);
      if (p) {
        ids.add(p.debit);
        ids.add(p.credit);
      }
    }
  }
  return [...ids].sort((a, b) => a - b);
}

function sameFields(a: Transfer, b: Transfer): boolean {
  return (
    a.kind === b.kind &&
    a.debit === b.debit &&
    a.credit === b.credit &&
    a.amount === b.amount &&
    a.pendingId === b.pendingId &&
    a.timeoutMs === b.timeoutMs &&
    a.code === b.code &&
    a.ref === b.ref
  );
}

/** The working state of one batch: copies of the accounts it changed, what it created, its entries. */
class BatchState {
  readonly accounts = new Map<number, Account>();
  readonly created = new Map<string, Transfer>();
  readonly resolvedNow = new Set<string>();
  readonly entries: Entry[] = [];
  readonly results: TransferResult[] = [];
  input!: EngineInput;
  index = 0;

  constructor(readonly ctx: BatchContext) {}

  fail(code: LedgerErrorCode, why: string): LedgerError {
    return new LedgerError(code, why, this.input.id, this.index);
  }

  account(id: number): Account {
    let a = this.accounts.get(id);
    if (!a) {
      const stored = this.ctx.accounts.get(id);
      if (!stored) throw this.fail('account_not_found', `account ${id} does not exist`);
      a = { ...stored };
      this.accounts.set(id, a);
    }
    return a;
  }

  pendingOf(pendingId: string): Transfer | undefined {
    return this.ctx.existing.get(pendingId) ?? this.created.get(pendingId);
  }

  checkLimits(a: Account): void {
    const refused = limitRefusal(a, a.balance, this.input.id, this.index);
    if (refused) throw refused;
  }

  /** Moves `amount` from `d` to `c`, appending one entry per side to the accounts' running chains. */
  move(d: Account, c: Account, amount: bigint): void {
    this.book(d, -amount);
    this.book(c, amount);
  }

  private book(a: Account, amount: bigint): void {
    const before = a.balance;
    a.balance += amount;
    a.version += 1;
    this.entries.push({
      transferId: this.input.id,
      accountId: a.id,
      amount,
      beforeBalance: before,
      afterBalance: a.balance,
      accountVersion: a.version,
      createdAt: this.ctx.now,
    });
  }
}

/** What `input` would store: compared field by field with a stored transfer of the same id. */
function intended(input: EngineInput, st: BatchState, batchId: string): Transfer {
  const now = st.ctx.now;
  if (isMove(input)) {
    const pending = input.kind === 'pending';
    return {
      id: input.id,
      batchId,
      kind: pending ? 'pending' : 'posted',
      debit: input.debit,
      credit: input.credit,
      asset: '',
      amount: input.amount,
      pendingId: null,
      timeoutMs: pending ? input.timeoutMs : null,
      expiresAt: pending ? now + input.timeoutMs : null,
      code: input.code,
      ref: input.ref ?? null,
      createdAt: now,
    };
  }
  const p = st.pendingOf(input.pendingId);
  const amount = input.kind === 'post' ? (input.amount ?? p?.amount ?? 0n) : (p?.amount ?? 0n);
  return {
    id: input.id,
    batchId,
    kind: input.kind,
    debit: p?.debit ?? 0,
    credit: p?.credit ?? 0,
    asset: p?.asset ?? '',
    amount,
    pendingId: input.pendingId,
    timeoutMs: null,
    expiresAt: null,
    code: input.kind === 'expire' ? 'expire' : (input.code ?? p?.code ?? ''),
    ref: input.kind === 'expire' ? null : (input.ref ?? null),
    createdAt: now,
  };
}

function applyMove(t: Transfer, st: BatchState): void {
  const d = st.account(t.debit);
  const c = st.account(t.credit);
  if (d.asset !== c.asset) throw st.fail('asset_mismatch', `accounts ${d.id} (${d.asset}) and ${c.id} (${c.asset})`);
  t.asset = d.asset;
  if (t.kind === 'posted') {
    st.move(d, c, t.amount);
  } else {
    d.debitsPending += t.amount;
    c.creditsPending += t.amount;
  }
  st.checkLimits(d);
  st.checkLimits(c);
}

function applyResolution(t: Transfer, st: BatchState): void {
  const p = st.pendingOf(t.pendingId!);
  if (!p || p.kind !== 'pending') throw st.fail('pending_not_found', `no pending transfer ${t.pendingId}`);
  if (st.ctx.resolved.has(p.id) || st.resolvedNow.has(p.id)) {
    throw st.fail('pending_already_resolved', `pending ${p.id} was already posted, voided or expired`);
  }
  const expired = st.ctx.now >= p.expiresAt!;
  if (t.kind === 'post' && expired) throw st.fail('pending_expired', `pending ${p.id} expired`);
  if (t.kind === 'expire' && !expired) throw st.fail('invalid_transfer', `pending ${p.id} has not expired`);
  if (t.amount > p.amount) throw st.fail('exceeds_pending_amount', `post of ${t.amount} exceeds pending ${p.amount}`);
  const d = st.account(p.debit);
  const c = st.account(p.credit);
  d.debitsPending -= p.amount;
  c.creditsPending -= p.amount;
  if (t.kind === 'post') st.move(d, c, t.amount);
  st.checkLimits(d);
  st.checkLimits(c);
  st.resolvedNow.add(p.id);
}

/** Applies `inputs` in order to copies of the locked accounts; throws a LedgerError to refuse them all. */
export function planBatch(inputs: readonly EngineInput[], ctx: BatchContext): BatchPlan {
  const batchId = inputs[0]!.id;
  const st = new BatchState(ctx);
  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index]!;
    st.input = input;
    st.index = index;
    const t = intended(input, st, batchId);
    const prior = ctx.existing.get(input.id);
    if (prior) {
      if (!sameFields(prior, t)) throw st.fail('exists_with_different_fields', `transfer ${input.id} exists with other fields`);
      st.results.push({ transfer: prior, created: false });
      continue;
    }
    if (t.kind === 'posted' || t.kind === 'pending') applyMove(t, st);
    else applyResolution(t, st);
    st.created.set(t.id, t);
    st.results.push({ transfer: t, created: true });
  }
  return { results: st.results, transfers: [...st.created.values()], entries: st.entries, accounts: [...st.accounts.values()] };
}
