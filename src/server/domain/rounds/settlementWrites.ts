/**
 * The settlement's own rows, written in bulk inside its ledger transaction: round entries, eidol progress
 * and player XP. Rows go in chunks (multi-row VALUES on SQLite, `unnest` arrays on PostgreSQL), so a round
 * of many eidols costs a few statements per thousand rows instead of one per row.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { EidolType, RoundEntriesTable } from '../../db/tables/game';

/** Rows per statement on SQLite (its limit is 32,766 bound values; entries bind 21 per row). */
const SQLITE_ROWS = 1000;
/** Rows per statement on PostgreSQL: one array per column; 4,096 keeps building and sending them to a few ms of the event loop. */
const PG_ROWS = 4096;

/** One round entry to insert: a whole `round_entries` row. */
export type EntryRow = Insertable<RoundEntriesTable>;

/** An eidol's state after the round; `hatched_at` and `skin_image` null: as stored (only a hatching sets them). */
export interface EidolUpdate {
  id: number;
  experience: number;
  level: number;
  type: EidolType;
  hatched_at: number | null;
  skin_image: string | null;
  top_value: bigint;
}

/** A player's XP and level after the round. */
export interface UserUpdate {
  id: number;
  xp: number;
  level: number;
}

/** `rows` cut into consecutive pieces of `size` (the last one shorter). */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The default `pause` of the writers below: none (a caller inside a long booking passes its loop slicer). */
const noPause = async () => {};

const str = (v: bigint | number | null) => (v === null ? null : v.toString());

/** Inserts the round's entries. */
export async function insertEntries(k: Kysely<Database>, dialect: DialectName, rows: readonly EntryRow[], pause = noPause): Promise<void> {
  if (dialect === 'sqlite') {
    for (const chunk of chunks(rows, SQLITE_ROWS)) {
      await k.insertInto('round_entries').values(chunk).execute();
      await pause();
    }
    return;
  }
  for (const c of chunks(rows, PG_ROWS)) {
    await sql`insert into round_entries (round_id, eidol_id, user_id, risk, yieldy, eidol_type, xp_before, level_before, value_before,
        top_value_before, no_loss_value, zone, stake, payout, mined, value_after, xp_gained, reserved_stake, sat_out, created_at)
      select * from unnest(${c.map((r) => r.round_id)}::int[], ${c.map((r) => r.eidol_id)}::int[], ${c.map((r) => r.user_id)}::int[],
        ${c.map((r) => r.risk)}::varchar[], ${c.map((r) => r.yieldy)}::int[], ${c.map((r) => r.eidol_type)}::varchar[],
        ${c.map((r) => r.xp_before)}::int[], ${c.map((r) => r.level_before)}::int[], ${c.map((r) => str(r.value_before))}::bigint[],
        ${c.map((r) => str(r.top_value_before))}::bigint[], ${c.map((r) => str(r.no_loss_value))}::bigint[], ${c.map((r) => r.zone)}::varchar[],
        ${c.map((r) => str(r.stake))}::bigint[], ${c.map((r) => str(r.payout))}::bigint[], ${c.map((r) => str(r.mined))}::bigint[],
        ${c.map((r) => str(r.value_after))}::bigint[], ${c.map((r) => r.xp_gained)}::int[], ${c.map((r) => str(r.reserved_stake ?? null))}::bigint[],
        ${c.map((r) => r.sat_out ?? 0)}::int[], ${c.map((r) => str(r.created_at))}::bigint[])`.execute(k);
    await pause();
  }
}

/** Writes each eidol's XP, level, type, top value, and where it hatched its hatch time and frame. */
export async function updateEidols(
  k: Kysely<Database>,
  dialect: DialectName,
  rows: readonly EidolUpdate[],
  now: number,
  pause = noPause,
): Promise<void> {
  if (dialect === 'sqlite') {
    for (const c of chunks(rows, SQLITE_ROWS)) {
      const values = sql.join(
        c.map((r) => sql`(${r.id}, ${r.experience}, ${r.level}, ${r.type}, ${r.hatched_at}, ${r.skin_image}, ${r.top_value})`),
      );
      await sql`with v(id, experience, level, type, hatched_at, skin_image, top_value) as (values ${values})
        update eidols set experience = v.experience, level = v.level, type = v.type, hatched_at = coalesce(v.hatched_at, eidols.hatched_at),
          skin_image = coalesce(v.skin_image, eidols.skin_image), top_value = v.top_value, updated_at = ${now}
        from v where eidols.id = v.id`.execute(k);
      await pause();
    }
    return;
  }
  for (const c of chunks(rows, PG_ROWS)) {
    await sql`update eidols as e set experience = v.experience, level = v.level, type = v.type,
        hatched_at = coalesce(v.hatched_at, e.hatched_at), skin_image = coalesce(v.skin_image, e.skin_image), top_value = v.top_value,
        updated_at = ${now}
      from unnest(${c.map((r) => r.id)}::int[], ${c.map((r) => r.experience)}::int[], ${c.map((r) => r.level)}::int[],
        ${c.map((r) => r.type)}::varchar[], ${c.map((r) => str(r.hatched_at))}::bigint[], ${c.map((r) => r.skin_image)}::varchar[],
        ${c.map((r) => str(r.top_value))}::bigint[]) as v(id, experience, level, type, hatched_at, skin_image, top_value)
      where e.id = v.id`.execute(k);
    await pause();
  }
}

/** Writes players' XP and level. */
export async function updateUsers(k: Kysely<Database>, dialect: DialectName, rows: readonly UserUpdate[], pause = noPause): Promise<void> {
  if (dialect === 'sqlite') {
    for (const c of chunks(rows, SQLITE_ROWS)) {
      const values = sql.join(c.map((r) => sql`(${r.id}, ${r.xp}, ${r.level})`));
      await sql`with v(id, xp, level) as (values ${values}) update users set xp = v.xp, level = v.level from v where users.id = v.id`.execute(
        k,
      );
      await pause();
    }
    return;
  }
  for (const c of chunks(rows, PG_ROWS)) {
    await sql`update users as u set xp = v.xp, level = v.level
      from unnest(${c.map((r) => r.id)}::int[], ${c.map((r) => r.xp)}::int[], ${c.map((r) => r.level)}::int[]) as v(id, xp, level)
      where u.id = v.id`.execute(k);
    await pause();
  }
}

/**
 * Per player: XP now, eidols ever owned (closed ones count) and how many hatched: what `playerLevel` reads.
 * The counts name the chunk's id range beside its ids: with the ids alone PostgreSQL's planner scanned the
 * whole eidols table for each chunk (10^6 eidols: 105 s of the booking), while settlement's owners come
 * sorted, so the ranges are disjoint and all chunks together read each eidol row at most once.
 */
export async function ownersStanding(
  k: Kysely<Database>,
  owners: readonly number[],
  pause = noPause,
): Promise<Map<number, { xp: number; eidols: number; hatched: number }>> {
  const out = new Map<number, { xp: number; eidols: number; hatched: number }>();
  for (const c of chunks(owners, SQLITE_ROWS)) {
    const users = await k.selectFrom('users').select(['id', 'xp']).where('id', 'in', c).execute();
    for (const u of users) out.set(u.id, { xp: u.xp, eidols: 0, hatched: 0 });
    const counts = await k
      .selectFrom('eidols')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('eidols'), eb.fn.count<number>('hatched_at').as('hatched')])
      .where('user_id', '>=', Math.min(...c))
      .where('user_id', '<=', Math.max(...c))
      .where('user_id', 'in', c)
      .groupBy('user_id')
      .execute();
    for (const r of counts) {
      const o = out.get(r.user_id);
      if (o) {
        o.eidols = Number(r.eidols);
        o.hatched = Number(r.hatched);
      }
    }
    await pause();
  }
  return out;
}
