/**
 * Who takes part in a round, read inside its settlement's transaction: open, unlocked eggs, eggtoplasms
 * and hatched eidols of players at level ≥ 0. Every egg takes part (it earns XP even at r = 0); an
 * eggtoplasm takes part while its XP bar is not full (for its XP only: no stake, no emission); a hatched
 * eidol takes part with a risk above 0 and a value above 0. Value is the eidol account's balance.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { EidolRarity, EidolType } from '../../db/tables/game';
import { ECONOMY_CONFIG, type EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { nextLevelXpAt } from '../../../shared/rules/round/eidolProgress';
import { parseRisk } from '../../../shared/rules/round/risk';
import type { SettlementEidolType } from '../../../shared/rules/round/settlementTypes';
import type { SnapshotEidol } from '../../../shared/rules/round/settlementTypes';

/** A participant as read: the settlement's snapshot plus what booking it needs. */
export interface SnapshotRow {
  eidol: SnapshotEidol;
  /** Its ANGLS account, or null when it never had one (an egg of value 0). */
  accountId: number | null;
  dbType: EidolType;
  collection: string;
  rarity: EidolRarity;
  skinImage: string;
  hatchedAt: number | null;
}

/** Rows per page when the snapshot is read in pages. */
const PAGE = 1024;

/** How to read the snapshot in pages inside the settlement's transaction, pausing between them. */
export interface SnapshotPaging {
  dialect: DialectName;
  pause: () => Promise<void>;
}

/** One participants row as read. */
export type Found = Awaited<ReturnType<ReturnType<typeof participants>['execute']>>[number];

/** Which round a snapshot is of: its id (for its reservations) and the time it locked. */
export interface SnapshotRound {
  roundId: number;
  lockedAt: number;
}

/** The participants query, in ascending eidol id, each with the reservation it holds in the round. */
function participants(k: Kysely<Database>, { roundId, lockedAt }: SnapshotRound) {
  return k
    .selectFrom('eidols as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('ledger_accounts as a', (j) =>
      j.onRef('a.owner_id', '=', 'e.id').on('a.owner_kind', '=', 'eidol').on('a.name', '=', 'main').on('a.asset', '=', 'ANGLS'),
    )
    .leftJoin('round_reservations as rr', (j) => j.onRef('rr.eidol_id', '=', 'e.id').on('rr.round_id', '=', roundId))
    .select([
      'e.id',
      'e.user_id',
      'e.type',
      'e.risk',
      'e.yieldy',
      'e.experience',
      'e.level',
      'e.top_value',
      'e.no_loss_value',
      'e.collection',
      'e.rarity',
      'e.skin_image',
      'e.hatched_at',
      'a.id as account_id',
      'a.balance',
      'rr.risk as reserved_risk',
      'rr.stake as reserved_stake',
    ])
    .where('e.closed_at', 'is', null)
    .where('e.created_at', '<', lockedAt)
    .where('e.is_locked', '=', 0)
    .where('e.type', 'in', ['egg', 'ectoplasm', 'ogle'])
    .where('u.level', '>=', 0)
    .where((eb) => eb.or([eb('e.type', 'in', ['egg', 'ectoplasm']), eb.and([eb('e.risk', '!=', '0'), eb('a.balance', '>', 0n)])]))
    .orderBy('e.id');
}

/**
 * Reads the participants page by page, every page the same consistent view: SQLite's transaction holds
 * the one write lock (nothing changes meanwhile), so pages follow the id; PostgreSQL reads one cursor,
 * whose rows are all of the snapshot taken when it was declared (READ COMMITTED would give each
 * separate statement a newer one).
 */
export async function* snapshotPages(k: Kysely<Database>, round: SnapshotRound, paging: SnapshotPaging): AsyncGenerator<Found[]> {
  if (paging.dialect === 'sqlite') {
    for (let after = -1; ;) {
      const page = await participants(k, round).where('e.id', '>', after).limit(PAGE).execute();
      if (page.length > 0) yield page;
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  await sql`declare settle_snapshot no scroll cursor for ${participants(k, round)}`.execute(k);
  for (;;) {
    const { rows } = await sql<Found>`fetch forward ${sql.lit(PAGE)} from settle_snapshot`.execute(k);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) break;
  }
  await sql`close settle_snapshot`.execute(k);
}

/**
 * The round's participants in ascending id, and the ids left out for a risk the rules cannot read. Eidols
 * created at or after `lockedAt` (the round's can_act_before) wait for the next round: the snapshot is
 * the round as it locked. An eidol staking (risk > 0) takes part with the stake it reserved against the
 * round's capacity; without a reservation for its risk it sits out (it did not fit at the open). With `paging` (inside a transaction) it reads in pages and pauses between
 * them, so a round of 10^5 eidols does not block the event loop; without, one query. `config` gives the
 * XP bars that tell a full eggtoplasm (it sits out) from one still filling.
 */
export async function loadSnapshot(
  k: Kysely<Database>,
  round: SnapshotRound,
  paging?: SnapshotPaging,
  config: EconomyConfig = ECONOMY_CONFIG,
): Promise<{ rows: SnapshotRow[]; unreadable: number[] }> {
  const rows: SnapshotRow[] = [];
  const unreadable: number[] = [];
  if (!paging) {
    addRows(await participants(k, round).execute(), rows, unreadable, config);
    return { rows, unreadable };
  }
  for await (const page of snapshotPages(k, round, paging)) {
    addRows(page, rows, unreadable, config);
    await paging.pause();
  }
  return { rows, unreadable };
}

/** The settlement's name for a stored eidol type. */
function settlementType(type: EidolType): SettlementEidolType {
  return type === 'ogle' ? 'eidol' : type;
}

/** How one row takes part: left out (a full eggtoplasm, an eidol at r = 0), unreadable, or in, with its reservation. */
export type RowPart = 'out' | 'unreadable' | { reserved: boolean; satOut: boolean };

/** The rules of who takes part, for one row as read (shared by the object and the columnar reader). */
export function rowPart(r: Found, config: EconomyConfig): RowPart {
  // A full eggtoplasm gains nothing more until it is transmuted: it sits out instead of adding an empty entry every round.
  if (r.type === 'ectoplasm' && r.experience >= nextLevelXpAt(r.level, config)) return 'out';
  // A risk the rules cannot read would make the whole round throw: that eidol sits out, the rest settle.
  let units: bigint;
  try {
    units = parseRisk(r.risk).units;
  } catch {
    return 'unreadable';
  }
  if (r.type === 'ogle' && units === 0n) return 'out';
  // A reservation made at another risk cannot happen (a join writes both together); it sits out rather than stake unreserved.
  const reserved = r.reserved_risk !== null && r.reserved_risk === r.risk;
  return { reserved, satOut: units > 0n && r.type !== 'ectoplasm' && !reserved };
}

function addRows(found: readonly Found[], rows: SnapshotRow[], unreadable: number[], config: EconomyConfig): void {
  for (const r of found) {
    const part = rowPart(r, config);
    if (part === 'out') continue;
    if (part === 'unreadable') {
      unreadable.push(r.id);
      continue;
    }
    const { reserved, satOut } = part;
    rows.push({
      eidol: {
        id: r.id,
        owner: r.user_id,
        value: r.balance ?? 0n,
        risk: r.risk,
        yieldy: r.yieldy,
        type: settlementType(r.type),
        xp: r.experience,
        level: r.level,
        topValue: r.top_value,
        noLossValue: r.no_loss_value,
        ...(reserved ? { reservedStake: r.reserved_stake! } : {}),
        ...(satOut ? { satOut: true } : {}),
      },
      accountId: r.account_id,
      dbType: r.type,
      collection: r.collection,
      rarity: r.rarity,
      skinImage: r.skin_image,
      hatchedAt: r.hatched_at,
    });
  }
}
