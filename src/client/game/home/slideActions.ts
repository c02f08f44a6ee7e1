/**
 * What the HUD shows under each home slide (spec 1 §2): the caption and the action buttons, including the
 * item button table. Pure, so the table is tested without a DOM.
 */
import { ITEM_TYPES, type ItemType } from '../../engine/frameNames';
import { formatAmount } from '../../../shared/rules/displayAmount';
import { t } from '../../i18n/t/home';
import type { HomeSlide } from './homeSlides';

/** A button under a slide: it navigates (`to`), or runs an action the screen knows. */
export interface SlideButton {
  label: string;
  testId: string;
  to?: string;
  /** `growFreeEgg`: POST /api/oogle/free. */
  action?: 'growFreeEgg';
  disabled?: boolean;
  /** The eidol to select before navigating (Manage Eidol). */
  selectEidolId?: number;
}

/** Manage Eidol (an eidol slide). */
export const MANAGE_EIDOL = t.slides.manageEidol;
/** The disabled button of a locked eidol. */
export const COMPLETING_TRANSACTION = t.slides.completingTransaction;
/** With no eidols: to the egg shop. */
export const BUY_EIDOL_EGG = t.slides.buyEidolEgg;
/** With no eidols: the free egg. */
export const GROW_FREE_EGG = t.slides.growFreeEgg;
/** The forum slide's button. */
export const ENTER_FORUM = t.slides.enterForum;
/** The ref slide's button. */
export const RECEIVE_GDAO = t.slides.receiveGdao;
/** The shop slide's button (the spec names the slide, not its button). */
export const ENTER_SHOP = t.slides.enterShop;

/**
 * Where each item type's button leads (spec 1 §2's table). Destinations the table names only loosely:
 * "(shop)" is the mage shop, the community store is /gdaoshop, "(forum)" is /forum, Extract /extract, the
 * cookie /feed, the jar /ecto (the enchant screen), the Tome /transmuteecto (it is what transmutes
 * eggtoplasm), Apple /apple.
 */
const ITEM_TARGETS: Readonly<Record<ItemType, string>> = {
  Indulgence: '/mageshop',
  Cooptoken: '/gdaoshop',
  Scribe: '/forum',
  Tax: '/forum',
  Incense: '/forum',
  Map: '/forum',
  Puff: '/forum',
  Extract: '/extract',
  Coincookie: '/feed',
  Ectojar: '/ecto',
  Tome: '/transmuteecto',
  Apple: '/apple',
};

/** Each item type's button: its label from the catalogue, its destination from the table above. */
export const ITEM_BUTTONS: Readonly<Record<ItemType, { label: string; to: string }>> = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, { label: t.slides.items[type], to: ITEM_TARGETS[type] }]),
) as Record<ItemType, { label: string; to: string }>;

/** The item type of a wire `type` (any case), or null for a type this client does not know. */
export function knownItemType(type: string): ItemType | null {
  const key = type.trim().toLowerCase();
  return ITEM_TYPES.find((t) => t.toLowerCase() === key) ?? null;
}

/** An ANGLS amount as the spec shows numbers: integers from 1e9, otherwise up to 8 decimals without trailing zeros. */
export function formatEidolValue(value: string): string {
  const exact = formatAmount(value, 8);
  const [whole, frac = ''] = exact.split('.');
  if (whole !== undefined && whole.replace('-', '').length >= 10) return whole;
  const trimmed = frac.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : (whole ?? '0');
}

/** The caption of a slide. */
export function slideCaption(slide: HomeSlide): string {
  switch (slide.kind) {
    case 'eidol': {
      const e = slide.eidol;
      const name = e.type === 'egg' ? t.eidol.egg : e.type === 'ectoplasm' ? t.eidol.ectoplasm : e.skin.name || t.eidol.eidol;
      return t.slides.eidol(name, formatEidolValue(e.value));
    }
    case 'extra':
      return slide.first ? t.slides.firstEidol : t.slides.extraEidol;
    case 'item':
      return slide.item.quantity > 1 ? t.slides.item(slide.item.name, slide.item.quantity) : slide.item.name;
    case 'shop':
      return t.slides.shop;
    case 'forum':
      return t.slides.forum;
    case 'ref':
      return t.slides.ref;
  }
}

/** The action buttons of a slide (one, except the first-egg slot's two). */
export function slideButtons(slide: HomeSlide): SlideButton[] {
  switch (slide.kind) {
    case 'eidol':
      return slide.eidol.is_locked
        ? [{ label: COMPLETING_TRANSACTION, testId: 'slide-action', disabled: true }]
        : [{ label: MANAGE_EIDOL, testId: 'slide-action', to: '/eidol', selectEidolId: slide.eidol.id }];
    case 'extra':
      return slide.first
        ? [
            { label: BUY_EIDOL_EGG, testId: 'slide-action', to: '/eggshop' },
            { label: GROW_FREE_EGG, testId: 'slide-action-free', action: 'growFreeEgg' },
          ]
        : [{ label: BUY_EIDOL_EGG, testId: 'slide-action', to: '/eggshop' }];
    case 'item': {
      const type = knownItemType(slide.item.type);
      return type ? [{ ...ITEM_BUTTONS[type], testId: 'slide-action' }] : [];
    }
    case 'shop':
      return [{ label: ENTER_SHOP, testId: 'slide-action', to: '/mageshop' }];
    case 'forum':
      return [{ label: ENTER_FORUM, testId: 'slide-action', to: '/forum' }];
    case 'ref':
      return [{ label: RECEIVE_GDAO, testId: 'slide-action', to: '/coop' }];
  }
}
