/**
 * The home swiper's shared state: the slides built from $game and $session, the one swiper model the
 * stage draws and the HUD steps, and the chosen slide. Choosing an eidol slide selects that eidol
 * ($selectedEidolId), so /eidol opens on the eidol the player was looking at.
 */
import { atom, computed } from 'nanostores';
import { $game, $selectedEidolId } from '../../stores/game';
import { $session } from '../../stores/session';
import { homeSlides, type HomeSlide } from './homeSlides';
import { SwiperModel } from './swiperModel';

/** The slides in order. */
export const $homeSlides = computed([$game, $session], (g, s): HomeSlide[] =>
  homeSlides(s.user?.level ?? -1, g.game?.oogles ?? null, g.game?.items ?? s.user?.items ?? []),
);

/** The swiper model (read by the home scene every frame). */
export const homeSwiper = new SwiperModel();

/** The chosen slide's index. */
export const $homeIndex = atom(0);

/** The chosen slide (null only when there are no slides). */
export const $homeSlide = computed([$homeSlides, $homeIndex], (slides, i): HomeSlide | null => slides[i] ?? null);

/** Index of the slide to open on: the selected eidol's, else the first. */
function landingIndex(slides: readonly HomeSlide[]): number {
  const selected = $selectedEidolId.get();
  const i = slides.findIndex((s) => s.kind === 'eidol' && s.eidol.id === selected);
  return Math.max(0, i);
}

/**
 * Keeps the model and the stores in step while home is shown; returns the teardown. A refetch keeps the
 * player on the same slide (found by key). Home opens on the selected eidol, and when the eidols first
 * arrive it moves there too, unless the player has already swiped away from the first slide meanwhile.
 */
export function bindHomeSwiper(): () => void {
  let keys: string[] = [];
  let hadGame = false;
  let first = true;
  const offIndex = homeSwiper.onIndex((i) => {
    $homeIndex.set(i);
    const slide = $homeSlides.get()[i];
    if (slide?.kind === 'eidol') $selectedEidolId.set(slide.eidol.id);
  });
  const offSlides = $homeSlides.subscribe((slides) => {
    const hasGame = $game.get().game !== null;
    const currentKey = keys[homeSwiper.index];
    const kept = currentKey === undefined ? -1 : slides.findIndex((s) => s.key === currentKey);
    const arrived = hasGame && !hadGame && homeSwiper.index === 0;
    const land = first || arrived || kept < 0;
    // Only a vanished slide animates to its successor; otherwise the row must not seem to move under the player.
    const animate = !first && !arrived && kept < 0;
    keys = slides.map((s) => s.key);
    hadGame = hasGame;
    first = false;
    homeSwiper.setCount(slides.length);
    homeSwiper.goTo(land ? landingIndex(slides) : kept, animate);
    $homeIndex.set(homeSwiper.index);
  });
  return () => {
    offSlides();
    offIndex();
  };
}
