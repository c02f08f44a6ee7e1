/**
 * The eidol item actions on the wire (pop, extract, feed, apple, transmute eggtoplasm, enchant): the
 * amount body and the answer both halves read. Money as ANGLS decimal strings (8 decimals).
 */
import { z } from '../zod';
import { eidolSchema } from './game';

/** `POST /api/oogles/{id}/extract|feed|apple`: a whole amount, digits only (the server judges it). */
export interface ItemActionBody {
  amount: number | string;
}

/** The answer of every item action: the eidol after it, and for pop and extract the ANGLS paid to the player. */
export const itemActionResultSchema = z.object({
  oogle: eidolSchema,
  paid: z.optional(z.string()),
});

/** The answer of an item action (`data`). */
export type ItemActionResult = z.infer<typeof itemActionResultSchema>;
