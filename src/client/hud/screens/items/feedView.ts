/**
 * The feed screens' button and amount row (spec 2 §4 "Feed button states", §5 Feed): /feed feeds Golden
 * Cookies, /apple Precision Apples; both walk the same states in the spec's order. Pure.
 */
import { t } from '../../../i18n/t/items';
import type { EidolView } from '../../../../shared/api/game';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { actionButton, amountNumber, phases, LOCKED_TEXT, type ActionButtonView, type FlowView, type TextRule } from './actionView';

/** Which food a feed screen gives. */
export type Food = 'cookie' | 'apple';

/** The item each food is. */
export const FOOD_ITEM: Record<Food, number> = { cookie: ITEM_IDS.GOLDEN_COOKIE, apple: ITEM_IDS.PRECISION_APPLE };

/** The food's name in its texts. */
export const FOOD_NAME: Record<Food, string> = { cookie: t.items.goldenCookies, apple: t.items.precisionApples };

/** The feed texts (stage 0 is not named by the spec: the home slide's "Feed Eidol"). */
export const FEED_TEXTS = t.items.feed;

/** "You have no Precision Apples" / "You have no Golden Cookies". */
export function noFoodText(food: Food): string {
  return t.items.noFood(FOOD_NAME[food]);
}

/** The amount row's text: '' when the amount may be fed (a whole number from 1 to the count held). */
export function feedAmountText(amount: string, held: number, food: Food): string {
  const n = amountNumber(amount);
  if (n < 1) return FEED_TEXTS.specify;
  if (n > held) return t.items.notEnoughFood(FOOD_NAME[food]);
  return '';
}

/** The amount row shows for an eidol that is neither egg nor eggtoplasm, with food held, nothing pending, at stage 0. */
export function feedAmountRowShown(eidol: EidolView | null, held: number, flow: FlowView): boolean {
  return eidol !== null && eidol.type !== 'egg' && eidol.type !== 'ectoplasm' && held > 0 && flow.state === 'prepare';
}

/** The feed button, in the spec's order of states. */
export function feedButton(eidol: EidolView | null, held: number, amount: string, food: Food, flow: FlowView): ActionButtonView {
  const p = phases(flow.state);
  const rules: TextRule[] = [
    [eidol?.type === 'egg', FEED_TEXTS.egg],
    [eidol?.type === 'ectoplasm', FEED_TEXTS.ecto],
    [held <= 0, noFoodText(food)],
    [eidol === null, FEED_TEXTS.noEidol],
    [flow.locked && (p.idle || p.approve), LOCKED_TEXT],
    [p.waiting, FEED_TEXTS.waiting],
    [p.sending, FEED_TEXTS.sending],
    [p.approve, FEED_TEXTS.approve],
  ];
  const refused = rules.slice(0, 4).some(([applies]) => applies);
  const invalid = refused || (p.idle && feedAmountText(amount, held, food) !== '');
  return actionButton(flow, rules, FEED_TEXTS.idle, invalid);
}
