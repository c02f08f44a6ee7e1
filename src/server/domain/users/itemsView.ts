/** The player's inventory on the wire (FACTS.md "Item"): every held item from the ledger, gDAO as item 4. */
import type { Item } from '../../../shared/api/user';
import { ITEM_KINDS } from '../../../shared/rules/items';
import { itemPicture } from '../../../shared/rules/pictures';

/** The wire items of `held` (item id → quantity, as `itemsOf` reads them), by id, only quantities above 0. */
export function itemsView(held: ReadonlyMap<number, bigint>): Item[] {
  return [...held]
    .filter(([id, quantity]) => quantity > 0n && ITEM_KINDS[id] !== undefined)
    .sort(([a], [b]) => a - b)
    .map(([id, quantity]) => {
      const kind = ITEM_KINDS[id]!;
      return { id, name: kind.name, type: kind.type, quantity: Number(quantity), image: itemPicture(id), data: {} };
    });
}
