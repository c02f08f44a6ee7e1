/** What a player reads when a shop call is refused. */

/** `shop_item_id` names no item on sale. */
export const SHOP_ITEM_NOT_FOUND = 'The selected shop item id is invalid.';

/** The player already holds a starter pack (one per account: it is the activation step). */
export const STARTER_PACK_TAKEN = 'You have already entered Cryptonomics';

/** A listing that cannot be sold as configured (no price, or an egg not priced in ANGLS). */
export const NOT_FOR_SALE_YET = 'This item is not for sale yet';

/** `type` of `GET /api/shop` is not a shop type. */
export const UNKNOWN_SHOP_TYPE = 'The selected type is invalid.';

/** A counted listing whose `shop_stock` is empty (also what a lost race for the last unit reads). */
export const OUT_OF_STOCK = 'Out of stock';

/** Spec 2 §4 "Shop caravan": purchases wait while a restock is pending and goods remain. */
export const LOCKED_FOR_RESTOCK = 'Locked for restock';

/** Spec 2 §5: the gDAO store's balance text (the spec's spelling). */
export const INSUFFICIENT_GDAO = 'Insufficent gDAO tokens';

/** Spec 2 §4 questline: the jar claim needs 7 gDAO. */
export const JAR_GDAO_REQUIRED = '7 gDAO tokens required';

/** Spec 2 §5: the gDAO store and the questline need a confirmed e-mail (the questline's button text). */
export const CONFIRM_EMAIL = 'Confirm Email';

/** `POST /api/drop` with an item id the gDAO store does not sell. */
export const DROP_ITEM_NOT_FOUND = 'The selected item id is invalid.';
