/** What a player reads when a shop call is refused. */

/** `shop_item_id` names no item on sale. */
export const SHOP_ITEM_NOT_FOUND = 'The selected shop item id is invalid.';

/** The player already holds a starter pack (one per account: it is the activation step). */
export const STARTER_PACK_TAKEN = 'You have already entered Cryptonomics';

/** Items other than starter packs are sold by the shops issue; until then they are refused. */
export const NOT_FOR_SALE_YET = 'This item is not for sale yet';

/** `type` of `GET /api/shop` is not a shop type. */
export const UNKNOWN_SHOP_TYPE = 'The selected type is invalid.';
