/**
 * The gDAO chest (burn) screen (spec 2 §2 "Burn gDAO screen", §4 "Burn", §5 Burn; ECONOMY.md "Chest"):
 * burning N gDAO is worth N × the burn rate in ANGLS (Expected Income); the claim fee is that × the fee
 * percent; the player receives the rest; the whole claim must fit the chest supply. Pure, exact in units.
 */
import { t } from '../../../i18n/t/items';
import { anglsUnits } from '../../../game/eidol/numbers';
import { actionButton, amountNumber, phases, LOCKED_TEXT, type ActionButtonView, type FlowView, type TextRule } from './actionView';

/** The burn texts. */
export const BURN_TEXTS = t.items.burn;

/** Defaults while the game view lacks the chest's rate and fee (ECONOMY.md: 0.01 ANGLS per gDAO, 1 %). */
export const DEFAULT_BURN_RATE = '0.01';
/** The claim fee percent when the game view does not say. */
export const DEFAULT_CLAIM_FEE_PERCENT = 1;

/** The chest's figures for burning `amount` gDAO, in ANGLS units. */
export interface BurnFigures {
  income: bigint;
  fee: bigint;
  receive: bigint;
}

/** Figures from the amount (digits), the rate (ANGLS per gDAO) and the fee percent. */
export function burnFigures(amount: string, rate: string, feePercent: number): BurnFigures {
  const income = BigInt(amountNumber(amount)) * anglsUnits(rate);
  const fee = (income * BigInt(Math.round(feePercent * 100))) / 10_000n;
  return { income, fee, receive: income - fee };
}

/** Why this burn cannot go (spec 2 §5 Burn), or ''. */
export function burnRefusal(amount: string, held: number, supply: string, figures: BurnFigures, chestLocked: boolean): string {
  if (chestLocked) return BURN_TEXTS.chestLocked;
  const n = amountNumber(amount);
  if (n < 1) return BURN_TEXTS.specify;
  if (n > held) return BURN_TEXTS.notEnoughTokens;
  if (figures.income > anglsUnits(supply)) return BURN_TEXTS.notEnoughSupply;
  return '';
}

/** The burn button. */
export function burnButton(refusal: string, chestLocked: boolean, flow: FlowView): ActionButtonView {
  const p = phases(flow.state);
  const rules: TextRule[] = [
    [chestLocked, BURN_TEXTS.chestLocked],
    [p.idle && refusal !== '', refusal],
    [flow.locked && (p.idle || p.approve), LOCKED_TEXT],
    [p.waiting, BURN_TEXTS.waiting],
    [p.approve, BURN_TEXTS.approve],
    [p.sending, BURN_TEXTS.sending],
  ];
  return actionButton(flow, rules, BURN_TEXTS.idle, chestLocked || (p.idle && refusal !== ''));
}
