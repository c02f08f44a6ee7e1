/** The pop screen's button and figures (spec 2 §2 "Pop screen", §4 "Pop", §9 potency). Pure. */
import { t } from '../../../i18n/t/items';
import type { EidolView } from '../../../../shared/api/game';
import { actionButton, phases, popPotencyPercent, type ActionButtonView, type FlowView, type TextRule, LOCKED_TEXT } from './actionView';
import { anglsUnits } from '../../../game/eidol/numbers';

/** Pop's texts (stage 0 and the hold are not named by the spec; the rest are). */
export const POP_TEXTS = t.items.pop;

/** Why the eidol cannot be popped (spec 1 §4: a non-egg with value above 0, not an unfilled eggtoplasm), or ''. */
export function popRefusal(eidol: EidolView | null): string {
  if (!eidol) return POP_TEXTS.noEidol;
  if (eidol.type === 'egg') return POP_TEXTS.egg;
  if (eidol.type === 'ectoplasm' && eidol.experience < eidol.next_level_experience) return POP_TEXTS.ecto;
  if (anglsUnits(eidol.value) <= 0n) return POP_TEXTS.empty;
  if (eidol.is_locked) return POP_TEXTS.busy;
  return '';
}

/** The pop button. */
export function popButton(eidol: EidolView | null, flow: FlowView): ActionButtonView {
  const p = phases(flow.state);
  const refusal = p.idle || p.holding ? popRefusal(eidol) : '';
  const rules: TextRule[] = [
    [refusal !== '', refusal],
    [flow.locked && (p.idle || p.holding || p.approve), LOCKED_TEXT],
    [p.holding, POP_TEXTS.holding],
    [p.waiting, POP_TEXTS.waiting],
    [p.approve, POP_TEXTS.approve],
    [p.sending, POP_TEXTS.sending],
  ];
  return actionButton(flow, rules, POP_TEXTS.idle, refusal !== '');
}

/** The figures under the pop swiper: Pop Potency, Next Level Potency, Eidol Level, the XP bar's fraction. */
export function popFigures(eidol: EidolView) {
  const next = Math.min(11, eidol.level + 1);
  return {
    potency: `${popPotencyPercent(eidol.level)} %`,
    nextPotency: eidol.level >= 11 ? t.items.maxLevel : `${popPotencyPercent(next)} %`,
    level: String(eidol.level),
    xp: eidol.next_level_experience > 0 ? Math.min(1, Math.max(0, eidol.experience / eidol.next_level_experience)) : 0,
  };
}
