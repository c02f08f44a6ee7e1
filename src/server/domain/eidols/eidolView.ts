/** The one place an eidol row and its ledger balance become the eidol the client reads (FACTS.md "Eidol"). */
import type { Selectable } from 'kysely';
import type { EidolsTable } from '../../db/tables/game';
import type { EidolView } from '../../../shared/api/game';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { NEXT_LEVEL_XP } from '../../../shared/rules/round/economyConfig';
import { wireTime } from '../users/userTime';
import { multiplierOf } from './riskInput';
import { skinPicture } from '../../../shared/rules/pictures';

/** An eidol row as read from the database. */
export type EidolRow = Selectable<EidolsTable>;

const ANGLS_SCALE = CURRENCY_ASSETS.ANGLS.scale;

/** ANGLS units as the wire's 8-decimal string. */
export function angls(units: bigint): string {
  return formatUnits(units, ANGLS_SCALE);
}

/**
 * The name an eidol shows. Eggs are stored named for their egg ("Common Egg") and hatching changes only the
 * frame, so a hatched eidol still carrying its egg's name shows as the eidol of that rarity ("Common Eidol"):
 * a level-1 eidol read "Common Egg". Names given later (a mythic form, Eggtoplasm) show as stored.
 */
export function shownSkinName(row: Pick<EidolRow, 'type' | 'skin_name'>): string {
  if (row.type === 'egg') return row.skin_name;
  const egg = /^(Common|Rare|Epic|Mythic) Egg$/.exec(row.skin_name);
  return egg ? `${egg[1]} Eidol` : row.skin_name;
}

/** Builds the wire eidol from its row and `value`, the balance of its ledger account in ANGLS units. */
export function toEidolView(row: EidolRow, value: bigint): EidolView {
  return {
    id: row.id,
    value: angls(value),
    maxValue: angls(row.hatch_value),
    top_value: angls(row.top_value),
    no_loss_value: angls(row.no_loss_value),
    multiplier: multiplierOf(row.risk),
    risk: row.risk,
    level: row.level,
    experience: row.experience,
    // At the top level the last entry is the XP cap (economyConfig).
    next_level_experience: NEXT_LEVEL_XP[Math.min(row.level, NEXT_LEVEL_XP.length - 1)]!,
    type: row.type,
    rarity: row.rarity,
    collection: row.collection,
    // The original's picture name, not the atlas frame the row keeps (FACTS.md "Pictures by name").
    skin: { collection: row.collection, image: skinPicture(row.skin_image), name: shownSkinName(row) },
    data: { greedy: row.yieldy, precise: row.precise, apple: wireTime(row.apple_until) },
    is_locked: row.is_locked !== 0,
  };
}
