/**
 * The home swiper's DOM layer over the stage's band: it takes finger and mouse drags, and offers the
 * previous/next arrows and one dot per slide as real buttons. The stage draws the slides themselves.
 */
import { t } from '../../i18n/t';
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $homeIndex, $homeSlides, homeSwiper } from '../../game/home/homeStores';
import { attachSwiperDrag } from '../../game/home/swiperDrag';
import { slideCaption } from '../../game/home/slideActions';
import { Button } from './Button';

/** The band. */
export function HomeSwiperBand() {
  const slides = useStore($homeSlides);
  const index = useStore($homeIndex);
  const band = useRef<HTMLDivElement>(null);
  useEffect(() => (band.current ? attachSwiperDrag(band.current, homeSwiper) : undefined), []);
  const slide = slides[index];
  return (
    <div className="master-band home-band" ref={band} data-testid="home-swiper" data-slide={slide?.key ?? ''} data-kind={slide?.kind ?? ''}>
      <Button
        variant="secondary"
        small
        className="arrow prev"
        aria-label={t.components.previousSlide}
        data-testid="slide-prev"
        disabled={index <= 0}
        onClick={() => homeSwiper.step(-1)}
      >
        ‹
      </Button>
      <Button
        variant="secondary"
        small
        className="arrow next"
        aria-label={t.components.nextSlide}
        data-testid="slide-next"
        disabled={index >= slides.length - 1}
        onClick={() => homeSwiper.step(1)}
      >
        ›
      </Button>
      <div className="dots" role="group" aria-label={t.components.slides}>
        {slides.map((s, i) => (
          <button
            key={s.key}
            type="button"
            className={`dot ${i === index ? 'on' : ''}`}
            aria-label={t.components.slideOf(i + 1, slides.length, slideCaption(s))}
            aria-current={i === index ? 'true' : undefined}
            data-testid={`slide-dot-${s.key}`}
            onClick={() => homeSwiper.goTo(i)}
          />
        ))}
      </div>
    </div>
  );
}
