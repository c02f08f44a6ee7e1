/**
 * The starter packs' descriptions (0070) said "A epic Eidol egg": the article now follows the sound ("An
 * epic"). Only the epic pack's text starts with a vowel; the rows keep their ids and everything else.
 */
import { sql } from 'kysely';
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';

/** Rewrites "<p>A epic " to "<p>An epic " in shop item descriptions. */
export async function up(db: MigrationDb, _dialect: DialectName): Promise<void> {
  await sql`update shop_items set description = replace(description, '<p>A epic ', '<p>An epic ') where description like '<p>A epic %'`.execute(
    db,
  );
}
