/** The Transmute Eggtoplasm screen's button (spec 2 §5 "Transmute egg"; the wait-then-approve states of §4). Pure. */
import { t } from '../../../i18n/t/items';
import type { EidolView } from '../../../../shared/api/game';
import { actionButton, phases, LOCKED_TEXT, type ActionButtonView, type FlowView, type TextRule } from './actionView';

/** The texts (§5's; the state texts are not named by the spec). */
export const TRANSMUTE_ECTO_TEXTS = t.items.transmuteEcto;

/**
 * Why this eidol cannot be transmuted, or ''. What it is comes first (an egg also lacks XP, and "Not enough
 * XP" would send its owner waiting for nothing), then the XP, then the Tome.
 */
export function transmuteEctoRefusal(eidol: EidolView | null, tomes: number): string {
  if (!eidol) return TRANSMUTE_ECTO_TEXTS.noEcto;
  if (eidol.type === 'egg') return TRANSMUTE_ECTO_TEXTS.egg;
  if (eidol.type !== 'ectoplasm') return TRANSMUTE_ECTO_TEXTS.eidol;
  if (eidol.experience < eidol.next_level_experience) return TRANSMUTE_ECTO_TEXTS.xp;
  if (tomes < 1) return TRANSMUTE_ECTO_TEXTS.noTome;
  return '';
}

/** The button. */
export function transmuteEctoButton(eidol: EidolView | null, tomes: number, flow: FlowView): ActionButtonView {
  const p = phases(flow.state);
  const refusal = p.idle ? transmuteEctoRefusal(eidol, tomes) : '';
  const rules: TextRule[] = [
    [refusal !== '', refusal],
    [flow.locked && (p.idle || p.approve), LOCKED_TEXT],
    [p.waiting, TRANSMUTE_ECTO_TEXTS.waiting],
    [p.approve, TRANSMUTE_ECTO_TEXTS.approve],
    [p.sending, TRANSMUTE_ECTO_TEXTS.sending],
  ];
  return actionButton(flow, rules, TRANSMUTE_ECTO_TEXTS.idle, refusal !== '');
}
