/**
 * The shop swiper's shared state: the items the shop screen loaded (the stage draws them), the one swiper
 * model the stage draws and the HUD steps, and the chosen item's index.
 */
import { atom } from 'nanostores';
import type { ShopItem } from '../../net/shopApi';
import { SwiperModel } from '../home/swiperModel';

/** The items of the shop on screen, in order (empty while loading). */
export const $shopItems = atom<readonly ShopItem[]>([]);

/** The swiper model (read by the shop scene every frame). */
export const shopSwiper = new SwiperModel();

/** The chosen item's index. */
export const $shopIndex = atom(0);

/**
 * Keeps the model and the stores in step while a shop is shown; returns the teardown. A poll keeps the
 * player on the same item (found by id); a shop opens on its first item.
 */
export function bindShopSwiper(): () => void {
  let ids: number[] = [];
  const offIndex = shopSwiper.onIndex((i) => $shopIndex.set(i));
  const offItems = $shopItems.subscribe((items) => {
    const current = ids[shopSwiper.index];
    const kept = current === undefined ? -1 : items.findIndex((item) => item.id === current);
    ids = items.map((item) => item.id);
    shopSwiper.setCount(items.length);
    shopSwiper.goTo(Math.max(0, kept), false);
    $shopIndex.set(shopSwiper.index);
  });
  return () => {
    offItems();
    offIndex();
    // The next shop opens on its own first item, not on where this one was left.
    $shopItems.set([]);
  };
}
