/**
 * The numbers of the Forum's incense and caravan that the spec leaves open (ECONOMY.md "Shops, items, gDAO
 * and the world"): how long a slot burns, how long the caravan travels, how many goods it brings and which.
 */
import { ITEM_IDS } from '../../../shared/money/assets';

/** An incense slot burns this long once lit (each lit slot doubles the round emission). */
export const INCENSE_MINUTES = 60;

/** The caravan travels this long after a Map sends it. */
export const CARAVAN_MINUTES = 60;

/**
 * A send is refused this long after the last good was unpacked: the same POST unpacks and sends, so a
 * player who tapped "Unpack" a moment too late must not spend a Map on a new caravan by accident.
 */
export const CARAVAN_HOME_GRACE_MS = 5_000;

/** Goods the caravan brings back; each unpack moves one into the store's stock. */
export const CARAVAN_GOODS = 9;

/**
 * What the goods are: good `i` (0-based) is item `CARAVAN_GOOD_ITEMS[i % length]`, rotating over the gDAO
 * store's counted listings (a "many" listing issues on sale, so stock of it would restock nothing): with 9
 * goods, 5 Tax Commendations and 4 Transmutation Tomes. The load is issued when the caravan leaves and
 * unpacked from the last good down, so change this list only while the caravan is home.
 */
export const CARAVAN_GOOD_ITEMS: readonly number[] = [ITEM_IDS.TAX_COMMENDATION, ITEM_IDS.TRANSMUTATION_TOME];

/** The item of good `index` (0-based) of a load. */
export function caravanGoodItem(index: number): number {
  return CARAVAN_GOOD_ITEMS[index % CARAVAN_GOOD_ITEMS.length]!;
}

/** Units of each item in a load of `goods` goods (item id → count). */
export function caravanLoad(goods: number): Map<number, bigint> {
  const load = new Map<number, bigint>();
  for (let i = 0; i < goods; i++) {
    const item = caravanGoodItem(i);
    load.set(item, (load.get(item) ?? 0n) + 1n);
  }
  return load;
}
