/**
 * The shop swiper's DOM layer over the stage's band: it takes finger and mouse drags (the home swiper's
 * drag and model) and offers the previous/next item as real buttons; the stage draws the items themselves.
 */
import { t } from '../../i18n/t';
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $shopIndex, $shopItems, shopSwiper } from '../../game/shop/shopStores';
import { attachSwiperDrag } from '../../game/home/swiperDrag';
import { Button } from './Button';

/** The band; `label` names the list for assistive technology. */
export function ShopSwiperBand({ label }: { label: string }) {
  const items = useStore($shopItems);
  const index = useStore($shopIndex);
  const band = useRef<HTMLDivElement>(null);
  useEffect(() => (band.current ? attachSwiperDrag(band.current, shopSwiper) : undefined), []);
  const item = items[index];
  return (
    <div className="master-band shop-band" ref={band} role="group" aria-label={label} data-testid="shop-swiper" data-item={item?.id ?? ''}>
      <Button
        variant="secondary"
        small
        className="arrow prev"
        aria-label={t.components.previousItem}
        data-testid="shop-prev"
        disabled={index <= 0}
        onClick={() => shopSwiper.step(-1)}
      >
        ‹
      </Button>
      <Button
        variant="secondary"
        small
        className="arrow next"
        aria-label={t.components.nextItem}
        data-testid="shop-next"
        disabled={index >= items.length - 1}
        onClick={() => shopSwiper.step(1)}
      >
        ›
      </Button>
      {items.length > 0 ? (
        <p className="caption" aria-live="polite">
          {`${index + 1} / ${items.length}`}
        </p>
      ) : null}
    </div>
  );
}
