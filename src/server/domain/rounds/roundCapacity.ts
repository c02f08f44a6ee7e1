/**
 * The round's capacity (ECONOMY.md "The mining pool banks the round within a published capacity"): a round
 * opens with K = c × the mining pool's balance and reserves, in the order of their last join, the claims of
 * the eidols whose risk carries over; during the open phase each join reserves (or re-reserves) its claim at
 * once, first come first served, never past K and never past m × K for one eidol. Every function runs inside
 * the caller's transaction and changes `rounds.reserved` only together with the reservation rows it sums, so
 * `reserved` = Σ claims of `round_reservations` for the round at every commit.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import { eidolClaimLimit, largestRiskThatFits, roundCapacity, stakeAndClaim } from '../../../shared/rules/round/capacity';
import type { EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { parseRisk, type Risk } from '../../../shared/rules/round/risk';
import { joinOrder } from './joinOrder';
import type { SnapshotPaging } from './roundSnapshot';

/** Reservation rows written per statement (a statement's bound parameters stay well under SQLite's limit). */
const INSERT_CHUNK = 500;
/** Carried-over rows read per page. */
const PAGE = 4096;

/** How the open reads inside a long transaction: a page at a time, pausing between pages. */
export interface OpenPaging extends SnapshotPaging {
  /** Rows per page (PAGE; tests cross pages with fewer). */
  pageRows?: number;
  /** SQLite: rows per sorted run before the merge (`joinOrder`'s default; tests cross runs with fewer). */
  runRows?: number;
}

/** The mining pool's ANGLS balance (0 before genesis opened it). */
export async function miningPoolBalance(k: Kysely<Database>): Promise<bigint> {
  const row = await k
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_kind', '=', 'system')
    .where('owner_id', '=', 0)
    .where('name', '=', 'mining_pool')
    .where('asset', '=', 'ANGLS')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

/** What a round's open reserved. */
export interface OpenedCapacity {
  capacity: bigint;
  reserved: bigint;
  /** Carried-over eidols reserved, and those that did not fit and sit the round out. */
  carried: number;
  sittingOut: number;
}

/**
 * Opens round `roundId`'s capacity: K from the pool now, then the carried-over eidols (open, risk > 0, value
 * > 0, of players at level ≥ 0) reserved in the order of their last join (then id; never joined first: their
 * risk predates the ledger of joins). One that does not fit what is left sits the round out: no row.
 */
export async function openRoundCapacity(
  k: Kysely<Database>,
  roundId: number,
  now: number,
  config: EconomyConfig,
  paging?: OpenPaging,
): Promise<OpenedCapacity> {
  const capacity = roundCapacity(await miningPoolBalance(k), config);
  const perEidol = eidolClaimLimit(capacity, config);
  let reserved = 0n;
  let sittingOut = 0;
  let carried = 0;
  let values: Array<{ round_id: number; eidol_id: number; risk: string; stake: bigint; claim: bigint; created_at: number }> = [];
  const flush = async () => {
    if (values.length === 0) return;
    await k.insertInto('round_reservations').values(values).execute();
    carried += values.length;
    values = [];
  };
  for await (const rows of carriedOver(k, paging)) {
    for (const r of rows) {
      let risk: Risk;
      try {
        risk = parseRisk(r.risk);
      } catch {
        // An unreadable risk sits out here as it does at settlement (roundSnapshot.ts).
        continue;
      }
      const { stake, claim } = stakeAndClaim(risk, r.balance);
      if (claim > perEidol || reserved + claim > capacity) {
        sittingOut += 1;
        continue;
      }
      reserved += claim;
      values.push({ round_id: roundId, eidol_id: r.id, risk: r.risk, stake, claim, created_at: now });
      if (values.length === INSERT_CHUNK) {
        await flush();
        await paging?.pause();
      }
    }
    await paging?.pause();
  }
  await flush();
  await k.updateTable('rounds').set({ capacity, reserved }).where('id', '=', roundId).execute();
  return { capacity, reserved, carried, sittingOut };
}

/** A carried-over eidol as the open reads it. */
type CarriedRow = { id: number; risk: string; balance: bigint; joined_at: number | null };

/**
 * The carried-over eidols: open, risk > 0, value > 0, of players at level ≥ 0. Written as CROSS JOINs with
 * their conditions: SQLite then keeps eidols the outer loop, so a page by id seeks its primary key (as inner
 * joins it drove from the accounts and sorted every later row for each page); PostgreSQL plans it as before.
 */
function carriedRows(k: Kysely<Database>) {
  return k
    .selectFrom('eidols as e')
    .crossJoin('users as u')
    .crossJoin('ledger_accounts as a')
    .whereRef('u.id', '=', 'e.user_id')
    .whereRef('a.owner_id', '=', 'e.id')
    .where('a.owner_kind', '=', 'eidol')
    .where('a.name', '=', 'main')
    .where('a.asset', '=', 'ANGLS')
    .select(['e.id', 'e.risk', 'a.balance', 'e.joined_at'])
    .where('e.closed_at', 'is', null)
    .where('e.type', 'in', ['egg', 'ogle'])
    .where('e.risk', '!=', '0')
    .where('a.balance', '>', 0n)
    .where('u.level', '>=', 0);
}

/** The same in reservation order: last join, then id, never joined first (on both databases). */
function carriedQuery(k: Kysely<Database>) {
  return carriedRows(k)
    .orderBy('e.joined_at', (o) => o.asc().nullsFirst())
    .orderBy('e.id');
}

/**
 * The carried-over rows in reservation order: at once, or with `paging` a page at a time — on PostgreSQL
 * through a cursor (one snapshot for all pages), on SQLite read by id (its write lock holds the rows still
 * between pages) and put in order in the process (`joinOrder.ts`: SQLite has no index for the order, and
 * sorting 10^6 rows in one statement held its serving thread for over a second).
 */
async function* carriedOver(k: Kysely<Database>, paging?: OpenPaging): AsyncGenerator<CarriedRow[]> {
  if (!paging) {
    yield await carriedQuery(k).execute();
    return;
  }
  const page = paging.pageRows ?? PAGE;
  if (paging.dialect === 'sqlite') {
    yield* inJoinOrder(k, paging, page);
    return;
  }
  await sql`declare open_capacity no scroll cursor for ${carriedQuery(k)}`.execute(k);
  for (;;) {
    const { rows } = await sql<CarriedRow>`fetch forward ${sql.lit(page)} from open_capacity`.execute(k);
    if (rows.length > 0) yield rows;
    if (rows.length < page) break;
  }
  await sql`close open_capacity`.execute(k);
}

/**
 * SQLite's pages: every carried-over row read by id into typed columns (a risk text once per distinct value), ordered
 * by `joinOrder`, handed out a page at a time: a million rows hold no object or BigInt each for the collector.
 */
async function* inJoinOrder(k: Kysely<Database>, paging: OpenPaging, page: number): AsyncGenerator<CarriedRow[]> {
  let ids = new Float64Array(page);
  let keys = new Float64Array(page);
  let riskOf = new Int32Array(page);
  let balances = new BigInt64Array(page);
  const risks: string[] = [];
  const riskIndex = new Map<string, number>();
  let n = 0;
  for (let after = -1; ;) {
    const rows = await carriedRows(k).where('e.id', '>', after).orderBy('e.id').limit(page).execute();
    if (n + rows.length > ids.length) {
      const size = 2 * (n + rows.length);
      [ids, keys, riskOf, balances] = [grown(ids, size), grown(keys, size), grown(riskOf, size), grown(balances, size)];
    }
    for (const r of rows) {
      ids[n] = r.id;
      // Join times are positive: -1 puts the never joined first.
      keys[n] = r.joined_at ?? -1;
      let risk = riskIndex.get(r.risk);
      if (risk === undefined) riskIndex.set(r.risk, (risk = risks.push(r.risk) - 1));
      riskOf[n] = risk;
      balances[n] = r.balance;
      n += 1;
    }
    await paging.pause();
    if (rows.length < page) break;
    after = rows[rows.length - 1]!.id;
  }
  const order = await joinOrder(keys.subarray(0, n), ids.subarray(0, n), paging.pause, paging.runRows);
  for (let from = 0; from < order.length; from += page)
    yield Array.from(order.subarray(from, from + page), (i) => ({
      id: ids[i]!,
      risk: risks[riskOf[i]!]!,
      balance: balances[i]!,
      joined_at: keys[i]!,
    }));
}

/** A copy of `a` in a longer array of its kind. */
function grown<T extends Float64Array | Int32Array | BigInt64Array>(a: T, size: number): T {
  const out = new (a.constructor as new (size: number) => T)(size);
  (out as { set(src: T): void }).set(a);
  return out;
}

/** One accepted join asking for a reservation. */
export interface ReservationRequest {
  eidolId: number;
  /** The risk as the player sent it (canonical text) and parsed. */
  riskText: string;
  risk: Risk;
  /** The eidol's value now. */
  value: bigint;
}

/** A join the capacity cannot take: the largest risk (at the request's digits) that fits now; 0 when none. */
export interface CapacityRefusal {
  refused: true;
  maxRisk: Risk;
}

/** The round's capacity as the join screen shows it. */
export interface CapacityState {
  capacity: bigint;
  reserved: bigint;
}

/**
 * Reserves `requests` in order against the current round `roundId` (open: the caller checked its phase),
 * answering for each `true` (reserved; risk 0 releases) or a refusal that keeps the eidol's earlier
 * reservation. The round row is locked first (PostgreSQL `for update`; SQLite's write transaction already
 * serialises), so joins on every node reserve one batch at a time and Σ never passes K.
 */
export async function reserveClaims(
  k: Kysely<Database>,
  dialect: DialectName,
  roundId: number,
  requests: readonly ReservationRequest[],
  config: EconomyConfig,
  now: number,
): Promise<{ results: Array<true | CapacityRefusal>; state: CapacityState }> {
  let q = k.selectFrom('rounds').select(['capacity', 'reserved']).where('id', '=', roundId);
  if (dialect === 'postgres') q = q.forUpdate();
  const round = await q.executeTakeFirstOrThrow();
  const perEidol = eidolClaimLimit(round.capacity, config);
  const ids = [...new Set(requests.map((r) => r.eidolId))];
  const held = new Map<number, bigint>();
  if (ids.length > 0) {
    const rows = await k
      .selectFrom('round_reservations')
      .select(['eidol_id', 'claim'])
      .where('round_id', '=', roundId)
      .where('eidol_id', 'in', ids)
      .execute();
    for (const r of rows) held.set(r.eidol_id, r.claim);
  }
  let reserved = round.reserved;
  const results: Array<true | CapacityRefusal> = [];
  // The last accepted reservation of each eidol in the batch is the one written (as if joined one at a time).
  const writes = new Map<number, { risk: string; stake: bigint; claim: bigint } | null>();
  for (const req of requests) {
    const own = held.get(req.eidolId) ?? 0n;
    const { stake, claim } = stakeAndClaim(req.risk, req.value);
    const room = min(round.capacity - reserved + own, perEidol);
    if (claim > room) {
      results.push({ refused: true, maxRisk: largestRiskThatFits(req.value, req.risk.digits, room) });
      continue;
    }
    reserved += claim - own;
    held.set(req.eidolId, claim);
    writes.set(req.eidolId, claim === 0n && stake === 0n ? null : { risk: req.riskText, stake, claim });
    results.push(true);
  }
  const removed = [...writes].filter(([, w]) => w === null).map(([id]) => id);
  if (removed.length > 0)
    await k.deleteFrom('round_reservations').where('round_id', '=', roundId).where('eidol_id', 'in', removed).execute();
  const upserts = [...writes].flatMap(([id, w]) => (w ? [{ round_id: roundId, eidol_id: id, ...w, created_at: now }] : []));
  for (let i = 0; i < upserts.length; i += INSERT_CHUNK) {
    await k
      .insertInto('round_reservations')
      .values(upserts.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) =>
        oc.columns(['round_id', 'eidol_id']).doUpdateSet((eb) => ({
          risk: eb.ref('excluded.risk'),
          stake: eb.ref('excluded.stake'),
          claim: eb.ref('excluded.claim'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }
  if (reserved !== round.reserved) await k.updateTable('rounds').set({ reserved }).where('id', '=', roundId).execute();
  return { results, state: { capacity: round.capacity, reserved } };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
