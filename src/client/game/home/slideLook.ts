/**
 * What each home slide draws, headless: the atlas frame and its height as a fraction of the swiper band.
 * Eidols grow with their value by √((value − 1)/16 + 1) (FACTS.md "Eidol size") and show the loss sprite at
 * value 0; eggs show their tier's egg, eggtoplasm its jar filling with experience.
 */
import type { EidolView } from '../../../shared/api/game';
import { eidolSizeScale } from '../../../shared/rules/eidolSize';
import { EMPTY_EGG_FRAME, HOME_SLIDE_FRAMES, itemFrame } from '../../engine/frameNames';
import { eidolPictureFrame } from '../../engine/pictureFrames';
import type { HomeSlide } from './homeSlides';

/** Distance between neighbouring slides as a fraction of the band's width: neighbours peek in at the sides. */
export const SLIDE_SPACING = 0.62;
/** Height of a one-ANGLS eidol as a fraction of the band; larger values grow from here. */
export const EIDOL_BASE_HEIGHT = 0.26;
/** Tallest anything is drawn (fraction of the band). */
export const MAX_HEIGHT = 0.94;
/** Height of item icons and the egg slot (fraction of the band). */
export const ICON_HEIGHT = 0.5;

/** A slide's drawing: frame, height (fraction of the band) and whether it is dimmed (a locked eidol). */
export interface SlideLook {
  frame: string;
  height: number;
  dimmed: boolean;
}

/** The frame an eidol shows: the loss sprite at 0, its egg, its jar, or its hatched skin (the picture table). */
export function eidolSlideFrame(e: EidolView): string {
  return eidolPictureFrame(e);
}

/** Height of an eidol of `value` ANGLS as a fraction of the band. */
export function eidolHeight(value: number): number {
  return Math.min(MAX_HEIGHT, EIDOL_BASE_HEIGHT * eidolSizeScale(value));
}

/** How a slide looks. */
export function slideLook(slide: HomeSlide): SlideLook {
  switch (slide.kind) {
    case 'eidol':
      return { frame: eidolSlideFrame(slide.eidol), height: eidolHeight(Number(slide.eidol.value)), dimmed: slide.eidol.is_locked };
    case 'extra':
      return { frame: EMPTY_EGG_FRAME, height: ICON_HEIGHT, dimmed: false };
    case 'item':
      return { frame: itemFrame(slide.item.type), height: ICON_HEIGHT, dimmed: false };
    default:
      return { frame: HOME_SLIDE_FRAMES[slide.kind], height: MAX_HEIGHT, dimmed: false };
  }
}
