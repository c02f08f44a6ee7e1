/**
 * Bulk posting: a linked batch of posted transfers of any size (a round's settlement legs), planned in
 * columns and written set-based, with the same guarantees as `transferBatch`. Why a second path: the
 * engine keeps an object per transfer, entry and result and writes a batch in one statement set, which is
 * right for a handful of transfers and costs garbage collection and a blocked event loop for 10^5.
 */
import { validateInputs, type EngineInput } from './engine';
import { LedgerError } from './errors';
import type { LedgerTx } from './ledgerTx';
import { limitRefusal } from './limits';
import { applyBatch } from './transfer';
import type { BulkAccountRows, BulkChunk, BulkEntryRows, BulkTransferRows } from './bulkTypes';
import type { Account, PostedInput } from './types';
import { loopSlicer, loopTurn } from '../loopSlice';

/** Rows per store call: each call is a few statements, and the loop gets a turn between calls. */
const ROWS_PER_WRITE = 4096;
/** Ids per lock, idempotency and validation statement: each slice is a few milliseconds of work. */
const SLICE_ROWS = 4096;
/** Transfers per engine batch when an id already exists and the engine's field-by-field path takes over. */
const ENGINE_BATCH = 8000;

/** What `postBulk` did: `created` transfers stored now (the rest existed with identical fields). */
export interface BulkResult {
  created: number;
}

/**
 * Posts `inputs` in order as one linked batch, as `transferBatch` would: later transfers see earlier
 * ones, every account limit is checked after each transfer, and the first refusal throws a LedgerError
 * (its `index` is the position in `inputs`) and fails the whole ledger transaction. Only posted
 * transfers. Idempotent: when any id is already stored, the batch goes through the engine instead, which
 * skips identical transfers and refuses changed ones. Yields to the event loop between slices of work.
 */
export async function postBulk(tx: LedgerTx, inputs: readonly PostedInput[]): Promise<BulkResult> {
  const pause = loopSlicer();
  await validateSliced(inputs, pause);
  const touched = new Set<number>();
  for (let i = 0; i < inputs.length; i++) {
    touched.add(inputs[i]!.debit).add(inputs[i]!.credit);
    if ((i & 4095) === 4095) await pause();
  }
  // A typed array sorts numerically in native code: a million ids in a few milliseconds.
  const ids = Array.from(Float64Array.from(touched).sort());
  await pause();
  // Locked in ascending id, slice after slice (still one ascending order: no lock-order deadlock).
  const accounts = new Map<number, Account>();
  for (let i = 0; i < ids.length; i += SLICE_ROWS) {
    for (const [id, a] of await tx.store.lockAccounts(ids.slice(i, i + SLICE_ROWS))) accounts.set(id, a);
    await pause();
  }
  // Locks first, then the idempotency check: a concurrent twin has either committed (and is seen) or waits for us.
  for (let i = 0; i < inputs.length; i += SLICE_ROWS) {
    if (await tx.store.anyTransferExists(inputs.slice(i, i + SLICE_ROWS).map((t) => t.id))) return viaEngine(tx, inputs);
    await pause();
  }
  const plan = await planBulk(inputs, accounts, pause);
  const batchId = inputs[0]!.id;
  for (const chunk of chunksOf(plan, batchId, tx.now)) {
    await tx.store.writeBulk(chunk);
    await pause();
  }
  return { created: inputs.length };
}

/** The engine's input checks, slice by slice (indexes stay those of `inputs`), plus ids unique across slices. */
async function validateSliced(inputs: readonly PostedInput[], pause: () => Promise<void>): Promise<void> {
  if (inputs.length === 0) validateInputs(inputs);
  const seen = new Set<string>();
  for (let from = 0; from < inputs.length; from += SLICE_ROWS) {
    const part = inputs.slice(from, from + SLICE_ROWS);
    try {
      validateInputs(part);
    } catch (err) {
      if (err instanceof LedgerError && err.index !== undefined)
        throw new LedgerError(err.code, err.message.replace(/^[a-z_]+: /, ''), err.transferId, from + err.index);
      throw err;
    }
    part.forEach((t, i) => {
      if (t.kind !== undefined && t.kind !== 'posted')
        throw new LedgerError('invalid_transfer', 'postBulk takes posted transfers only', t.id, from + i);
      if (seen.has(t.id)) throw new LedgerError('invalid_transfer', 'duplicate id in batch', t.id, from + i);
      seen.add(t.id);
    });
    await pause();
  }
}

async function viaEngine(tx: LedgerTx, inputs: readonly PostedInput[]): Promise<BulkResult> {
  let created = 0;
  for (let i = 0; i < inputs.length; i += ENGINE_BATCH) {
    const results = await applyBatch(tx, inputs.slice(i, i + ENGINE_BATCH) as EngineInput[]);
    for (const r of results) if (r.created) created += 1;
    await loopTurn();
  }
  return { created };
}

/** The columns to write: transfers in input order, entries in (account, version) order, moved accounts. */
interface BulkPlan {
  transfers: BulkTransferRows;
  entries: BulkEntryRows;
  accounts: BulkAccountRows;
}

/** Applies the transfers in order to the locked accounts' state, one array slot per touched account. */
async function planBulk(inputs: readonly PostedInput[], locked: Map<number, Account>, pause: () => Promise<void>): Promise<BulkPlan> {
  // Locked slice after slice in ascending id, so already in order (sorted again only if not).
  let accounts = [...locked.values()];
  if (accounts.some((a, i) => i > 0 && a.id < accounts[i - 1]!.id)) accounts = accounts.sort((a, b) => a.id - b.id);
  const slot = new Map<number, number>();
  const balance: bigint[] = new Array(accounts.length),
    version: number[] = new Array(accounts.length);
  for (let s = 0; s < accounts.length; s++) {
    const a = accounts[s]!;
    slot.set(a.id, s);
    balance[s] = a.balance;
    version[s] = a.version;
    if ((s & 4095) === 4095) await pause();
  }
  const n = inputs.length;
  const transfers: BulkTransferRows = {
    id: new Array(n),
    debit: new Array(n),
    credit: new Array(n),
    asset: new Array(n),
    amount: new Array(n),
    code: new Array(n),
    ref: new Array(n),
  };
  // Entries as they are booked (2 per transfer): account slot, version, amount, balances around it.
  const eSlot = new Int32Array(2 * n),
    eVersion = new Float64Array(2 * n);
  const eAmount: bigint[] = new Array(2 * n),
    eBefore: bigint[] = new Array(2 * n),
    eAfter: bigint[] = new Array(2 * n);

  const slotOf = (id: number, i: number) => {
    const s = slot.get(id);
    if (s === undefined) throw new LedgerError('account_not_found', `account ${id} does not exist`, inputs[i]!.id, i);
    return s;
  };
  const book = (s: number, e: number, amount: bigint) => {
    const before = balance[s]!;
    const after = before + amount;
    balance[s] = after;
    version[s] = version[s]! + 1;
    eSlot[e] = s;
    eVersion[e] = version[s]!;
    eAmount[e] = amount;
    eBefore[e] = before;
    eAfter[e] = after;
  };
  // The engine's rule (limits.ts): posted transfers leave the reservations as they were locked.
  const check = (s: number, i: number) => {
    const refused = limitRefusal(accounts[s]!, balance[s]!, inputs[i]!.id, i);
    if (refused) throw refused;
  };

  for (let i = 0; i < n; i++) {
    const t = inputs[i]!;
    const d = slotOf(t.debit, i),
      c = slotOf(t.credit, i);
    const asset = accounts[d]!.asset;
    if (asset !== accounts[c]!.asset)
      throw new LedgerError('asset_mismatch', `accounts ${t.debit} (${asset}) and ${t.credit} (${accounts[c]!.asset})`, t.id, i);
    book(d, 2 * i, -t.amount);
    book(c, 2 * i + 1, t.amount);
    check(d, i);
    check(c, i);
    transfers.id[i] = t.id;
    transfers.debit[i] = t.debit;
    transfers.credit[i] = t.credit;
    transfers.asset[i] = asset;
    transfers.amount[i] = t.amount;
    transfers.code[i] = t.code;
    transfers.ref[i] = t.ref ?? null;
    if ((i & 4095) === 4095) await pause();
  }

  // Entries in (account, version) order: a counting sort by account slot keeps each account's booking order.
  // Both counting passes are sliced too: at 10^6 eidols they run over 5·10^6 entries and 10^6 accounts.
  const starts = new Int32Array(accounts.length + 1);
  for (let e = 0; e < eSlot.length; e++) {
    starts[eSlot[e]! + 1]! += 1;
    if ((e & 65535) === 65535) await pause();
  }
  for (let s = 0; s < accounts.length; s++) {
    starts[s + 1]! += starts[s]!;
    if ((s & 65535) === 65535) await pause();
  }
  const entries: BulkEntryRows = {
    account: new Array(2 * n),
    version: new Array(2 * n),
    transfer: new Array(2 * n),
    amount: new Array(2 * n),
    before: new Array(2 * n),
    after: new Array(2 * n),
  };
  for (let e = 0; e < eSlot.length; e++) {
    const s = eSlot[e]!;
    const at = starts[s]!;
    starts[s] = at + 1;
    entries.account[at] = accounts[s]!.id;
    entries.version[at] = eVersion[e]!;
    entries.transfer[at] = transfers.id[e >> 1]!;
    entries.amount[at] = eAmount[e]!;
    entries.before[at] = eBefore[e]!;
    entries.after[at] = eAfter[e]!;
    if ((e & 8191) === 8191) await pause();
  }

  const moved: BulkAccountRows = { id: [], balance: [], version: [] };
  for (let s = 0; s < accounts.length; s++) {
    const a = accounts[s]!;
    if (version[s] !== a.version) {
      moved.id.push(a.id);
      moved.balance.push(balance[s]!);
      moved.version.push(version[s]!);
    }
    if ((s & 4095) === 4095) await pause();
  }
  return { transfers, entries, accounts: moved };
}

/** Rows [from, to) of every column. */
function slice<T extends object>(cols: T, from: number, to: number): T {
  return Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, (v as unknown[]).slice(from, to)])) as T;
}

/** The plan cut into store calls of at most ROWS_PER_WRITE rows of one table. */
function* chunksOf(plan: BulkPlan, batchId: string, now: number): Generator<BulkChunk> {
  for (let i = 0; i < plan.transfers.id.length; i += ROWS_PER_WRITE)
    yield { batchId, now, transfers: slice(plan.transfers, i, i + ROWS_PER_WRITE) };
  for (let i = 0; i < plan.entries.account.length; i += ROWS_PER_WRITE)
    yield { batchId, now, entries: slice(plan.entries, i, i + ROWS_PER_WRITE) };
  for (let i = 0; i < plan.accounts.id.length; i += ROWS_PER_WRITE)
    yield { batchId, now, accounts: slice(plan.accounts, i, i + ROWS_PER_WRITE) };
}
