/**
 * Hub legs: a linked batch of posted transfers between one hub account and many spoke accounts, given as
 * columns (a round's settlement: bets into the mining pool, wins and emission out of it). The rows written
 * are those `postBulk` writes for the same transfers in the same order; what differs is the heap: one
 * typed-array slot per spoke instead of an object per transfer, entry and account, and an amount read as a
 * BigInt only while it is booked. So a batch of 10^6 spokes holds tens of megabytes, not gigabytes.
 */
import { validateInputs } from './engine';
import { LedgerError } from './errors';
import type { LedgerTx } from './ledgerTx';
import { limitRefusal } from './limits';
import { postBulk, type BulkResult } from './bulk';
import type { BulkAccountRows, BulkEntryRows, BulkTransferRows } from './bulkTypes';
import type { PostedInput } from './types';
import { databaseSlicer } from '../loopSlice';
import { sortedInRuns } from '../sortInRuns';

/** One leg: a transfer per row whose amount is > 0 (0 books nothing), from the spoke to the hub or back. */
export interface HubLeg {
  code: string;
  /** True: spoke → hub (debit the spoke); false: hub → spoke. */
  toHub: boolean;
  amounts: BigInt64Array;
}

/** The batch: booked leg after leg, and within a leg row after row (a row's spoke has at most one transfer per leg). */
export interface HubLegs {
  hub: number;
  /** Each row's spoke account id; distinct, and never the hub. A row with no amount > 0 may hold any value. */
  spokes: Float64Array;
  legs: readonly HubLeg[];
  /** The id of row `row`'s transfer in leg `leg` (the caller's idempotency key; distinct across the batch). */
  transferId: (row: number, leg: number) => string;
  ref: string | null;
  /**
   * True when the caller knows no id of the batch is stored (a round's settlement: the round row, locked and
   * unsettled, is the only writer of its ids), so the per-slice lookup of stored ids is skipped; a stored id then
   * fails the transaction on the transfers' primary key instead of being compared.
   */
  fresh?: boolean;
}

/** Accounts per lock and per balance update: one statement each, a few milliseconds. */
const SLICE = 2048;
/**
 * Rows per checked or written slice. SQLite: 512 (up to one transfer per leg and two entries each, about
 * postBulk's 4,096 rows per synchronous write, which holds the event loop meanwhile). PostgreSQL: 1,024. Its
 * statements run off the loop, but building a slice's rows and their parameter arrays runs on it: at 4,096 a 10^5
 * round's booking held the loop over 50 ms 17 times (p99 39–49 ms), at 1,024 two to five times (p99 24 ms), for
 * the same time within the bench's noise.
 */
const rowSlice = (tx: LedgerTx) => (tx.dialect === 'postgres' ? 1024 : 512);

/**
 * Posts the legs as `postBulk` would post the same transfers in order: later ones see earlier ones, every
 * account's limits are checked after each transfer, the first refusal throws its LedgerError (index = its
 * position in the whole batch) and fails the ledger transaction. When any id is stored already, the batch is
 * handed to `postBulk` as objects (which compares them field by field): a retry is rare, a fresh batch is not.
 */
export async function postHubLegs(tx: LedgerTx, b: HubLegs): Promise<BulkResult> {
  const pause = databaseSlicer(tx.dialect);
  const n = b.spokes.length;
  const ROW_SLICE = rowSlice(tx);
  for (const leg of b.legs) if (leg.amounts.length !== n) throw new Error('postHubLegs: a leg has a different number of rows');

  // Which rows move at all (their spokes are locked), and per leg how many transfers.
  const moves = new Uint8Array(n);
  const perLeg = b.legs.map(() => 0);
  for (let i = 0; i < n; i++) {
    for (let l = 0; l < b.legs.length; l++) {
      const a = b.legs[l]!.amounts[i]!;
      if (a < 0n) throw new LedgerError('invalid_transfer', 'amount must be a positive int64', b.transferId(i, l));
      if (a > 0n) {
        moves[i] = 1;
        perLeg[l]! += 1;
      }
    }
    if ((i & 4095) === 4095) await pause();
  }
  const total = perLeg.reduce((s, c) => s + c, 0);
  if (total === 0) return { created: 0 };

  // Ids and fields checked as the engine checks them, and none stored yet, slice by slice (objects live one slice).
  let stored = false;
  for (let from = 0; from < n && !stored; from += ROW_SLICE) {
    const part = inputsOf(b, from, Math.min(n, from + ROW_SLICE));
    if (part.length === 0) continue;
    try {
      validateInputs(part);
    } catch (err) {
      // The index within the slice means nothing to the caller: the transfer's id names it.
      throw err instanceof LedgerError ? new LedgerError(err.code, err.message.replace(/^[a-z_]+: /, ''), err.transferId) : err;
    }
    if (!b.fresh && (await tx.store.anyTransferExists(part.map((t) => t.id)))) stored = true;
    await pause();
  }
  if (stored) return postBulk(tx, inputsOf(b, 0, n, true));

  // Locks in ascending account id, as every ledger writer takes them (no lock-order cycle).
  const order = await lockOrder(b, moves, pause);
  const hubSlot = n;
  const balance = new BigInt64Array(n + 1),
    debitsPending = new BigInt64Array(n + 1),
    creditsPending = new BigInt64Array(n + 1);
  const version = new Float64Array(n + 1),
    flags = new Int32Array(n + 1);
  let asset: string | undefined;
  for (let i = 0; i < order.length; i += SLICE) {
    const slots = order.subarray(i, i + SLICE);
    const ids = Array.from(slots, (s) => (s === hubSlot ? b.hub : b.spokes[s]!));
    const locked = await tx.store.lockAccounts(ids);
    for (let j = 0; j < slots.length; j++) {
      const a = locked.get(ids[j]!);
      if (!a) throw new LedgerError('account_not_found', `account ${ids[j]} does not exist`);
      asset ??= a.asset;
      if (a.asset !== asset) throw new LedgerError('asset_mismatch', `account ${a.id} (${a.asset}) is not ${asset}`);
      const s = slots[j]!;
      balance[s] = a.balance;
      debitsPending[s] = a.debitsPending;
      creditsPending[s] = a.creditsPending;
      version[s] = a.version;
      flags[s] = a.flags;
    }
    await pause();
  }

  // Every transfer in batch order against a working copy of the balances: the first refusal is the one postBulk would throw.
  const after = balance.slice();
  const check = (s: number, value: bigint, row: number, leg: number, at: number) => {
    const a = {
      id: s === hubSlot ? b.hub : b.spokes[s]!,
      flags: flags[s]!,
      debitsPending: debitsPending[s]!,
      creditsPending: creditsPending[s]!,
    };
    // The transfer's id is made only for a refusal: a passing check allocates no string.
    if (limitRefusal(a, value, '', at)) throw limitRefusal(a, value, b.transferId(row, leg), at)!;
  };
  let hub = balance[hubSlot]!;
  let index = 0;
  for (let l = 0; l < b.legs.length; l++) {
    const { amounts, toHub } = b.legs[l]!;
    for (let i = 0; i < n; i++) {
      const a = amounts[i]!;
      if (a === 0n) continue;
      const spoke = toHub ? after[i]! - a : after[i]! + a;
      hub = toHub ? hub + a : hub - a;
      // The debit is checked first, as postBulk does.
      if (toHub) {
        check(i, spoke, i, l, index);
        check(hubSlot, hub, i, l, index);
      } else {
        check(hubSlot, hub, i, l, index);
        check(i, spoke, i, l, index);
      }
      after[i] = spoke;
      index += 1;
      if ((index & 8191) === 8191) await pause();
    }
  }

  // Written slice by slice of rows: each slice's transfers and its spokes' entries (spokes follow rows closely
  // enough that their entries land near the end of the entries' key).
  const batchId = firstId(b);
  for (let from = 0; from < n; from += ROW_SLICE) {
    const to = Math.min(n, from + ROW_SLICE);
    const t: BulkTransferRows = { id: [], debit: [], credit: [], asset: [], amount: [], code: [], ref: [] };
    const e: BulkEntryRows = { account: [], version: [], transfer: [], amount: [], before: [], after: [] };
    for (let i = from; i < to; i++) {
      if (moves[i] === 0) continue;
      let spokeBalance = balance[i]!;
      let spokeVersion = version[i]!;
      for (let l = 0; l < b.legs.length; l++) {
        const { amounts, toHub, code } = b.legs[l]!;
        const a = amounts[i]!;
        if (a === 0n) continue;
        const id = b.transferId(i, l);
        const spoke = b.spokes[i]!;
        t.id.push(id);
        t.debit.push(toHub ? spoke : b.hub);
        t.credit.push(toHub ? b.hub : spoke);
        t.asset.push(asset!);
        t.amount.push(a);
        t.code.push(code);
        t.ref.push(b.ref);
        const move = toHub ? -a : a;
        spokeVersion += 1;
        pushEntry(e, spoke, spokeVersion, id, move, spokeBalance);
        spokeBalance += move;
      }
    }
    if (t.id.length > 0) await tx.store.writeBulk({ batchId, now: tx.now, transfers: t, entries: e });
    await pause();
  }

  // The hub's entries in its version order (batch order), appended to its chain as postBulk appends them: written
  // between the spokes' slices they would land in three places of its key at once and split pages in the middle.
  let hubVersion = version[hubSlot]!;
  let hubAt = balance[hubSlot]!;
  let e: BulkEntryRows = { account: [], version: [], transfer: [], amount: [], before: [], after: [] };
  for (let l = 0; l < b.legs.length; l++) {
    const { amounts, toHub } = b.legs[l]!;
    for (let i = 0; i < n; i++) {
      const a = amounts[i]!;
      if (a === 0n) continue;
      const move = toHub ? a : -a;
      pushEntry(e, b.hub, (hubVersion += 1), b.transferId(i, l), move, hubAt);
      hubAt += move;
      if (e.account.length === 4 * ROW_SLICE) {
        await tx.store.writeBulk({ batchId, now: tx.now, entries: e });
        e = { account: [], version: [], transfer: [], amount: [], before: [], after: [] };
        await pause();
      }
    }
  }
  if (e.account.length > 0) await tx.store.writeBulk({ batchId, now: tx.now, entries: e });

  // The moved accounts' new balance and version; the hub last (its slot is past the rows).
  for (let from = 0; from <= n; from += SLICE) {
    const rows: BulkAccountRows = { id: [], balance: [], version: [] };
    for (let s = from; s < Math.min(n + 1, from + SLICE); s++) {
      if (s === hubSlot) {
        rows.id.push(b.hub);
        rows.balance.push(hub);
        rows.version.push(version[hubSlot]! + total);
      } else if (moves[s] === 1) {
        rows.id.push(b.spokes[s]!);
        rows.balance.push(after[s]!);
        let v = version[s]!;
        for (const leg of b.legs) if (leg.amounts[s]! > 0n) v += 1;
        rows.version.push(v);
      }
    }
    if (rows.id.length > 0) await tx.store.writeBulk({ batchId, now: tx.now, accounts: rows });
    await pause();
  }
  return { created: total };
}

function pushEntry(e: BulkEntryRows, account: number, version: number, transfer: string, amount: bigint, before: bigint): void {
  e.account.push(account);
  e.version.push(version);
  e.transfer.push(transfer);
  e.amount.push(amount);
  e.before.push(before);
  e.after.push(before + amount);
}

/** The transfers of rows [from, to) as objects, leg by leg (`all`: the whole batch in batch order). */
function inputsOf(b: HubLegs, from: number, to: number, all = false): PostedInput[] {
  const out: PostedInput[] = [];
  for (let l = 0; l < b.legs.length; l++) {
    const { amounts, toHub, code } = b.legs[l]!;
    for (let i = all ? 0 : from; i < (all ? b.spokes.length : to); i++) {
      const a = amounts[i]!;
      if (a === 0n) continue;
      const spoke = b.spokes[i]!;
      out.push({
        id: b.transferId(i, l),
        debit: toHub ? spoke : b.hub,
        credit: toHub ? b.hub : spoke,
        amount: a,
        code,
        ...(b.ref === null ? {} : { ref: b.ref }),
      });
    }
  }
  return out;
}

/** The id of the batch's first transfer (the batch id, as postBulk names it). */
function firstId(b: HubLegs): string {
  for (let l = 0; l < b.legs.length; l++) {
    const amounts = b.legs[l]!.amounts;
    for (let i = 0; i < amounts.length; i++) if (amounts[i]! > 0n) return b.transferId(i, l);
  }
  throw new Error('postHubLegs: no transfer');
}

/**
 * The slots to lock (moving rows, and the hub as slot n) in ascending account id, sorted in runs between pauses
 * (`../sortInRuns.ts`): each key is account id × 2^32 + slot in a BigInt64Array (ids < 2^31, slots < 2^32).
 * Throws when a spoke repeats or is the hub.
 */
async function lockOrder(b: HubLegs, moves: Uint8Array, pause: () => Promise<void>): Promise<Int32Array> {
  const n = b.spokes.length;
  let count = 1;
  for (let i = 0; i < n; i++) count += moves[i]!;
  const keys = new BigInt64Array(count);
  const key = (id: number, slot: number) => {
    if (!Number.isSafeInteger(id) || id < 0 || id >= 2 ** 31) throw new LedgerError('invalid_transfer', `account id ${id}`);
    return (BigInt(id) << 32n) | BigInt(slot);
  };
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (moves[i] === 1) keys[k++] = key(b.spokes[i]!, i);
    if ((i & 8191) === 8191) await pause();
  }
  keys[k] = key(b.hub, n);
  const sorted = await sortedInRuns(keys, pause);
  const order = new Int32Array(count);
  for (let j = 0; j < count; j++) {
    order[j] = Number(sorted[j]! & 0xffffffffn);
    if (j > 0 && sorted[j]! >> 32n === sorted[j - 1]! >> 32n)
      throw new LedgerError('invalid_transfer', `account ${sorted[j]! >> 32n} is in the batch twice (a spoke repeats or is the hub)`);
    if ((j & 8191) === 8191) await pause();
  }
  return order;
}
