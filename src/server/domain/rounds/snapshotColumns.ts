/**
 * The round's snapshot as columns (the same participants, in the same ascending id, as `loadSnapshot`):
 * one typed-array slot per eidol and column, and strings (risk texts, collections, rarities) kept once per
 * distinct value. A round of 10^6 eidols then holds tens of megabytes that the collector never walks,
 * instead of an object, a few strings and four BigInts per eidol.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EidolRarity } from '../../db/tables/game';
import type { EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { rowPart, snapshotPages, type Found, type SnapshotPaging, type SnapshotRound } from './roundSnapshot';

/** Settlement types as codes: the index is the code. */
export const TYPE_NAMES = ['egg', 'eidol', 'ectoplasm'] as const;
/** The stored `eidols.type` of each settlement type code. */
export const DB_TYPES = ['egg', 'ogle', 'ectoplasm'] as const;
/** Settlement type codes. */
export const EGG = 0,
  EIDOL = 1,
  ECTOPLASM = 2;

/** The participants, column by column; row i of every column is the i-th eidol in ascending id. */
export interface SnapshotColumns {
  n: number;
  id: Float64Array;
  owner: Float64Array;
  /** Its ANGLS account, or -1 when it never had one (an egg of value 0). */
  account: Float64Array;
  value: BigInt64Array;
  topValue: BigInt64Array;
  noLossValue: BigInt64Array;
  /** The stake its reservation holds, where `reserved` is 1. */
  reservedStake: BigInt64Array;
  reserved: Uint8Array;
  satOut: Uint8Array;
  /** Index into `risks`, the distinct risk texts as stored. */
  risk: Int32Array;
  risks: string[];
  yieldy: Uint8Array;
  /** TYPE_NAMES code. */
  type: Uint8Array;
  xp: Float64Array;
  level: Int32Array;
  /** Index into `collections` / `rarities` (what an egg's hatched frame is drawn from). */
  collection: Int32Array;
  collections: string[];
  rarity: Int32Array;
  rarities: EidolRarity[];
  /** Eidols left out for a risk the rules cannot read. */
  unreadable: number[];
}

/** Strings kept once each: the index of a value in `list`. */
function interner<T extends string>(list: T[]): (v: T) => number {
  const index = new Map<string, number>();
  return (v) => {
    let i = index.get(v);
    if (i === undefined) index.set(v, (i = list.push(v) - 1));
    return i;
  };
}

function allocate(capacity: number) {
  return {
    id: new Float64Array(capacity),
    owner: new Float64Array(capacity),
    account: new Float64Array(capacity),
    value: new BigInt64Array(capacity),
    topValue: new BigInt64Array(capacity),
    noLossValue: new BigInt64Array(capacity),
    reservedStake: new BigInt64Array(capacity),
    reserved: new Uint8Array(capacity),
    satOut: new Uint8Array(capacity),
    risk: new Int32Array(capacity),
    yieldy: new Uint8Array(capacity),
    type: new Uint8Array(capacity),
    xp: new Float64Array(capacity),
    level: new Int32Array(capacity),
    collection: new Int32Array(capacity),
    rarity: new Int32Array(capacity),
  };
}

type Columns = ReturnType<typeof allocate>;

/**
 * Reads the participants into columns, page by page inside the settlement's transaction (the paging of
 * `loadSnapshot`: every page the same view), pausing between pages. The rules of who takes part are
 * `rowPart`'s, the same as `loadSnapshot`'s.
 */
export async function loadSnapshotColumns(
  k: Kysely<Database>,
  round: SnapshotRound,
  paging: SnapshotPaging,
  config: EconomyConfig,
): Promise<SnapshotColumns> {
  let cols = allocate(1024);
  let capacity = 1024;
  let n = 0;
  const risks: string[] = [],
    collections: string[] = [],
    rarities: EidolRarity[] = [];
  const riskOf = interner(risks),
    collectionOf = interner(collections),
    rarityOf = interner(rarities);
  const unreadable: number[] = [];
  const add = (r: Found) => {
    const part = rowPart(r, config);
    if (part === 'out') return;
    if (part === 'unreadable') {
      unreadable.push(r.id);
      return;
    }
    if (n === capacity) {
      // Doubling: each column is copied once per doubling, a few milliseconds even at 10^6.
      const grown = allocate((capacity *= 2));
      for (const name of Object.keys(cols) as (keyof Columns)[]) (grown[name] as unknown as { set(src: unknown): void }).set(cols[name]);
      cols = grown;
    }
    const c = cols;
    c.id[n] = r.id;
    c.owner[n] = r.user_id;
    c.account[n] = r.account_id ?? -1;
    c.value[n] = r.balance ?? 0n;
    c.topValue[n] = r.top_value;
    c.noLossValue[n] = r.no_loss_value;
    c.reservedStake[n] = part.reserved ? r.reserved_stake! : 0n;
    c.reserved[n] = part.reserved ? 1 : 0;
    c.satOut[n] = part.satOut ? 1 : 0;
    c.risk[n] = riskOf(r.risk);
    c.yieldy[n] = r.yieldy;
    c.type[n] = r.type === 'egg' ? EGG : r.type === 'ogle' ? EIDOL : ECTOPLASM;
    c.xp[n] = r.experience;
    c.level[n] = r.level;
    c.collection[n] = collectionOf(r.collection);
    c.rarity[n] = rarityOf(r.rarity);
    n += 1;
  };
  for await (const page of snapshotPages(k, round, paging)) {
    for (const r of page) {
      // Values the typed columns cannot hold exactly are refused here rather than booked wrong.
      if (r.yieldy < 0 || r.yieldy > 255 || !Number.isSafeInteger(r.experience) || r.level < 0 || r.level > 2 ** 31 - 1)
        throw new Error(`eidol ${r.id}: yieldy/xp/level outside what the settlement reads`);
      add(r);
    }
    await paging.pause();
  }
  const c = cols;
  return {
    n,
    id: c.id.subarray(0, n),
    owner: c.owner.subarray(0, n),
    account: c.account.subarray(0, n),
    value: c.value.subarray(0, n),
    topValue: c.topValue.subarray(0, n),
    noLossValue: c.noLossValue.subarray(0, n),
    reservedStake: c.reservedStake.subarray(0, n),
    reserved: c.reserved.subarray(0, n),
    satOut: c.satOut.subarray(0, n),
    risk: c.risk.subarray(0, n),
    risks,
    yieldy: c.yieldy.subarray(0, n),
    type: c.type.subarray(0, n),
    xp: c.xp.subarray(0, n),
    level: c.level.subarray(0, n),
    collection: c.collection.subarray(0, n),
    collections,
    rarity: c.rarity.subarray(0, n),
    rarities,
    unreadable,
  };
}
