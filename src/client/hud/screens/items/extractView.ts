/** The extract screen's button (spec 2 §5 Extract; the wait-then-approve states of §4). Pure. */
import { t } from '../../../i18n/t/items';
import type { EidolView } from '../../../../shared/api/game';
import { anglsUnits } from '../../../game/eidol/numbers';
import { actionButton, amountNumber, phases, LOCKED_TEXT, type ActionButtonView, type FlowView, type TextRule } from './actionView';

/** The extract texts (the state texts are not named by the spec). */
export const EXTRACT_TEXTS = t.items.extract;

const UNITS_PER_ANGLS = 10n ** 8n;

/** Why this extraction cannot go (spec 2 §5), or ''. `amount` is whole ANGLS as typed (unreadable: refused). */
export function extractRefusal(eidol: EidolView | null, amount: string, extracts: number): string {
  if (!eidol) return EXTRACT_TEXTS.noEidol;
  if (eidol.type === 'egg') return EXTRACT_TEXTS.egg;
  if (eidol.type === 'ectoplasm') return EXTRACT_TEXTS.ecto;
  const n = amountNumber(amount);
  if (n < 1) return EXTRACT_TEXTS.specify;
  if (BigInt(n) * UNITS_PER_ANGLS > anglsUnits(eidol.value)) return EXTRACT_TEXTS.tooLarge;
  if (n > extracts) return EXTRACT_TEXTS.notEnough;
  return '';
}

/** The extract button. */
export function extractButton(eidol: EidolView | null, amount: string, extracts: number, flow: FlowView): ActionButtonView {
  const p = phases(flow.state);
  const refusal = p.idle ? extractRefusal(eidol, amount, extracts) : '';
  const rules: TextRule[] = [
    [refusal !== '', refusal],
    [flow.locked && (p.idle || p.approve), LOCKED_TEXT],
    [p.waiting, EXTRACT_TEXTS.waiting],
    [p.approve, EXTRACT_TEXTS.approve],
    [p.sending, EXTRACT_TEXTS.sending],
  ];
  return actionButton(flow, rules, EXTRACT_TEXTS.idle, refusal !== '');
}
