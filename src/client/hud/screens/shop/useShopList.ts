/** Loads a shop's catalogue lists at once and every 20 s (spec 2 §7), merged into the variant's items. */
import { useEffect, useState } from 'react';
import type { ShopApi, ShopItem } from '../../../net/shopApi';
import { SHOP_LISTS, SHOP_POLL_MS, mergeShopLists, type ShopVariant } from './shopView';

/** The items (null until the first load) and why the first load failed ('' otherwise). */
export interface ShopList {
  items: ShopItem[] | null;
  error: string;
}

/** The variant's items; a failed poll keeps what was shown, a failed first load shows its reason. */
export function useShopList(variant: ShopVariant, api: Pick<ShopApi, 'list'>): ShopList {
  const [list, setList] = useState<ShopList>({ items: null, error: '' });
  useEffect(() => {
    let live = true;
    const load = () =>
      void Promise.all(SHOP_LISTS[variant].map((type) => api.list(type))).then((results) => {
        if (!live) return;
        const failed = results.find((r) => !r.ok);
        if (failed && !failed.ok) {
          setList((prev) => (prev.items ? prev : { items: null, error: failed.text }));
          return;
        }
        setList({
          items: mergeShopLists(
            variant,
            results.map((r) => (r.ok ? r.data : [])),
          ),
          error: '',
        });
      });
    load();
    const timer = setInterval(load, SHOP_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [variant, api]);
  return list;
}
