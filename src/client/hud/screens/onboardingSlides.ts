/** The lore of the onboarding carousels (spec 1 §2: five slides; the Eggtoplasm carousel has three). */
import { t } from '../../i18n/t/onboarding';

/** One slide. */
export interface LoreSlide {
  title: string;
  text: string;
}

/** The main onboarding: Eidol and Cryptonomics; eggs and shops; Risk and Aeons; growth; traits and popping. */
export const ONBOARDING_SLIDES: readonly LoreSlide[] = t.onboarding.slides;

/** The Eggtoplasm carousel. */
export const ONBOARDING_ECTO_SLIDES: readonly LoreSlide[] = t.onboarding.ectoSlides;
