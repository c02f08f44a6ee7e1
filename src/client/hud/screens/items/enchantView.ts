/** The enchant screen's button (spec 2 §4 "Enchant button states", in order; §9: 13 gDAO). Pure. */
import { t } from '../../../i18n/t/items';
import { actionButton, phases, LOCKED_TEXT, type ActionButtonView, type FlowView, type TextRule } from './actionView';

/** gDAO an enchantment costs (spec 2 §9). */
export const ENCHANT_FEE_GDAO = 13;

/** The enchant texts. */
export const ENCHANT_TEXTS = {
  ...t.items.enchant,
  notice: t.items.enchantNotice(ENCHANT_FEE_GDAO),
};

/** The enchant button from the jars and gDAO held. */
export function enchantButton(jars: number, gdao: number, flow: FlowView): ActionButtonView {
  const p = phases(flow.state);
  const rules: TextRule[] = [
    [jars <= 0, ENCHANT_TEXTS.noJar],
    [gdao < ENCHANT_FEE_GDAO, ENCHANT_TEXTS.noGdao],
    [p.idle && !flow.locked, ENCHANT_TEXTS.idle],
    [p.waiting, ENCHANT_TEXTS.waiting],
    [p.approve && !flow.locked, ENCHANT_TEXTS.approve],
    [p.sending, ENCHANT_TEXTS.sending],
    [flow.locked, LOCKED_TEXT],
  ];
  return actionButton(flow, rules, ENCHANT_TEXTS.idle, jars <= 0 || gdao < ENCHANT_FEE_GDAO);
}
