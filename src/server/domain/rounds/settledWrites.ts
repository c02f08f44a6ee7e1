/**
 * The settlement's own rows from its columns (round entries, eidol progress, player XP and level), a slice
 * at a time: each slice's rows are built as objects, written in bulk (`settlementWrites.ts`) and let go,
 * so only one slice of objects is ever alive.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import { hatchedFrame } from '../../../shared/rules/eggs';
import { playerLevel } from '../../../shared/rules/levels';
import { BOT, NO_ZONE, type SettledColumns } from './settleColumns';
import { DB_TYPES, TYPE_NAMES, type SnapshotColumns } from './snapshotColumns';
import {
  insertEntries,
  ownersStanding,
  updateEidols,
  updateUsers,
  type EidolUpdate,
  type EntryRow,
  type UserUpdate,
} from './settlementWrites';

/**
 * Rows built and written per slice. SQLite: 4,096 (its writes hold the loop anyway, a statement of 1,000 rows at a
 * time). PostgreSQL: 1,024. Its statements run off the loop, but building a slice's objects and parameter arrays
 * runs on it, as in the ledger's hub legs (`hubLegs.ts`).
 */
const sliceOf = (dialect: DialectName) => (dialect === 'postgres' ? 1024 : 4096);

/** Inserts every eidol's round entry: as read (before) and as settled (after). */
export async function writeEntries(
  k: Kysely<Database>,
  dialect: DialectName,
  roundId: number,
  now: number,
  s: SnapshotColumns,
  r: SettledColumns,
  pause: () => Promise<void>,
): Promise<void> {
  const slice = sliceOf(dialect);
  for (let from = 0; from < s.n; from += slice) {
    const rows: EntryRow[] = [];
    for (let i = from; i < Math.min(s.n, from + slice); i++) {
      const zone = r.zone[i]!;
      rows.push({
        round_id: roundId,
        eidol_id: s.id[i]!,
        user_id: s.owner[i]!,
        risk: s.risks[s.risk[i]!]!,
        yieldy: s.yieldy[i]!,
        eidol_type: TYPE_NAMES[s.type[i]!]!,
        xp_before: s.xp[i]!,
        level_before: s.level[i]!,
        value_before: s.value[i]!,
        top_value_before: s.topValue[i]!,
        no_loss_value: s.noLossValue[i]!,
        zone: zone === NO_ZONE ? null : zone === BOT ? 'bot' : 'top',
        stake: r.stake[i]!,
        payout: r.payout[i]!,
        mined: r.share[i]!,
        value_after: valueAfter(s, r, i),
        xp_gained: r.xpGained[i]!,
        reserved_stake: s.reserved[i] === 1 ? s.reservedStake[i]! : null,
        sat_out: s.satOut[i]!,
        created_at: now,
      });
    }
    await insertEntries(k, dialect, rows, pause);
  }
}

/** Writes each eidol's XP, level, type and top value; a hatched egg also gets its hatch time and frame. */
export async function writeEidols(
  k: Kysely<Database>,
  dialect: DialectName,
  now: number,
  s: SnapshotColumns,
  r: SettledColumns,
  pause: () => Promise<void>,
): Promise<void> {
  const slice = sliceOf(dialect);
  for (let from = 0; from < s.n; from += slice) {
    const rows: EidolUpdate[] = [];
    for (let i = from; i < Math.min(s.n, from + slice); i++) {
      const value = valueAfter(s, r, i);
      const hatched = r.hatched[i] === 1;
      const id = s.id[i]!;
      rows.push({
        id,
        experience: r.xp[i]!,
        level: r.level[i]!,
        type: DB_TYPES[r.type[i]!]!,
        hatched_at: hatched ? now : null,
        skin_image: hatched ? hatchedFrame(s.collections[s.collection[i]!]!, s.rarities[s.rarity[i]!]!, id) : null,
        top_value: value > s.topValue[i]! ? value : s.topValue[i]!,
      });
    }
    await updateEidols(k, dialect, rows, now, pause);
  }
}

/** Player XP grows with the XP their eidols gained; the level is read after this round's hatchings. */
export async function writePlayers(
  k: Kysely<Database>,
  dialect: DialectName,
  r: SettledColumns,
  pause: () => Promise<void>,
): Promise<void> {
  const slice = sliceOf(dialect);
  for (let from = 0; from < r.owners.length; from += slice) {
    const ids: number[] = [];
    const gained: number[] = [];
    for (let j = from; j < Math.min(r.owners.length, from + slice); j++) {
      if (r.ownerXp[j]! === 0) continue;
      ids.push(r.owners[j]!);
      gained.push(r.ownerXp[j]!);
    }
    if (ids.length === 0) continue;
    const standing = await ownersStanding(k, ids, pause);
    const rows: UserUpdate[] = [];
    ids.forEach((id, j) => {
      const st = standing.get(id);
      if (!st) return;
      const xp = st.xp + gained[j]!;
      rows.push({ id, xp, level: playerLevel(xp, { eidols: st.eidols, hatched: st.hatched }) });
    });
    await updateUsers(k, dialect, rows, pause);
  }
}

/** V − S + payout + share. */
function valueAfter(s: SnapshotColumns, r: SettledColumns, i: number): bigint {
  return s.value[i]! - r.stake[i]! + r.payout[i]! + r.share[i]!;
}
