/** What a player reads when an incense or caravan action is refused (spec 3 §4's texts where it has one). */

/** Spec 3 §4: burning without an Incense item. */
export const NO_INCENSE = 'You have no Incense to burn';

/** A slot that is still burning cannot be lit again until it goes out. */
export const INCENSE_BURNING = 'This Incense is still burning';

/** `incense_id` is not 1, 2 or 3. */
export const INVALID_INCENSE_ID = 'The selected incense id is invalid.';

/** Spec 3 §4: sending the caravan without a Map. */
export const NO_MAP = 'You have no Map to start caravan';

/** Spec 3 §4: the caravan is on its way; `{time}` is what is left (m:ss or h:mm:ss). */
export function caravanReturnsIn(leftMs: number): string {
  const total = Math.max(0, Math.ceil(leftMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return `Caravan will return in ${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${s}`;
}

/** An unpack that found the goods already taken by other players meanwhile. */
export const CARAVAN_UNPACKED = 'The Caravan goods are all unpacked';
