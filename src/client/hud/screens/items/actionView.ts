/**
 * What every wait-then-approve screen shares (spec 2 §4, §9): the button's fixed texts, the first-matching
 * text rule, the flow's phases, held item counts, digits-only amounts and the spec's formulas. Pure.
 */
import { t } from '../../../i18n/t';
import type { Item } from '../../../../shared/api/user';
import type { EidolView } from '../../../../shared/api/game';
import type { WaitApproveState } from '../../../machines/waitApproveMachine';
import { anglsUnits, formatAngls } from '../../../game/eidol/numbers';
import { parseAmount } from '../../../../shared/rules/wallet/amount';

/** Text while the round is locked (spec 2 §4). */
export const LOCKED_TEXT = t.common.lockedForAeon;
/** Text after a successful action (spec 2 §4 "Success shows Done"). */
export const DONE_TEXT = t.common.done;
/** Text for a player without start_gas or start_pack. */
export const INVOKE_TEXT = t.common.invokeMastership;

/** A text and when it applies; a screen lists its rules in the spec's order and the first that applies shows. */
export type TextRule = readonly [applies: boolean, text: string];

/** What an action button shows. */
export interface ActionButtonView {
  text: string;
  disabled: boolean;
  /** The button shows the server's error (a tap clears it). */
  error: boolean;
}

/** The flow as a view reads it: the machine's state, its error, and whether the round is locked. */
export interface FlowView {
  state: WaitApproveState;
  error: string;
  locked: boolean;
}

/** The phases of the flow, named as the spec's texts speak of them. */
export function phases(state: WaitApproveState) {
  return {
    idle: state === 'prepare',
    holding: state === 'holding',
    waiting: state === 'waiting',
    preparing: state === 'preparing',
    approve: state === 'approve',
    sending: state === 'sending',
    done: state === 'success',
    error: state === 'error',
  };
}

/**
 * The button from the screen's rules: Done and the error come first (the spec shows them whatever else holds,
 * e.g. a fed eidol's last cookie is gone once the game refreshes), then the first rule that applies, else
 * `idleText`. `blocking` rules (validation) disable the button; a state text is disabled unless tappable.
 */
export function actionButton(flow: FlowView, rules: readonly TextRule[], idleText: string, invalid: boolean): ActionButtonView {
  const p = phases(flow.state);
  if (p.done) return { text: DONE_TEXT, disabled: true, error: false };
  if (p.error) return { text: flow.error, disabled: false, error: true };
  const hit = rules.find(([applies]) => applies);
  const text = hit ? hit[1] : idleText;
  const tappable = (p.idle || p.holding || p.approve) && !flow.locked && !invalid;
  return { text, disabled: !tappable, error: false };
}

/** How many of item `id` the player holds (0 when none). */
export function heldQuantity(items: readonly Pick<Item, 'id' | 'quantity'>[], id: number): number {
  return items.filter((i) => i.id === id).reduce((n, i) => n + i.quantity, 0);
}

/**
 * A whole-number amount field (spec 2 §5: integer amounts) as typed, read by the wallet's amount parser at
 * scale 0: 0 when empty or unreadable (a sign, a letter, a fraction), so the screen refuses it ("Specify
 * …") and the field keeps what was typed rather than silently dropping characters. Capped so a pasted huge
 * number stays comparable.
 */
export function amountNumber(typed: string): number {
  const parsed = parseAmount(typed, 0);
  return parsed.ok ? Number(parsed.units < MAX_SAFE ? parsed.units : MAX_SAFE) : 0;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** An ANGLS amount for display (spec 2 §9, FACTS.md "Numbers": integers from 1e9, otherwise up to 8 decimals). */
export function showAngls(value: string): string {
  return formatAngls(anglsUnits(value));
}

/** Pop potency in percent (spec 2 §9: 74 + 2 × level). */
export function popPotencyPercent(level: number): number {
  return 74 + 2 * level;
}

/** What popping pays now: value × potency, in ANGLS units (truncated). */
export function popIncomeUnits(eidol: Pick<EidolView, 'value' | 'level'>): bigint {
  return (anglsUnits(eidol.value) * BigInt(popPotencyPercent(eidol.level))) / 100n;
}

/** The transmutation chance in percent (spec 2 §9: 20 + 80 × XP / next-level XP), capped at 100. */
export function transmuteChancePercent(experience: number, next: number): number {
  if (!(next > 0)) return 20;
  return Math.min(100, 20 + (80 * Math.max(0, experience)) / next);
}

/** Transmutation fee in ANGLS by rarity (spec 2 §9: common 2, rare 20, epic 200; the mythic forms as epic). */
export function transmuteFee(rarity: EidolView['rarity']): number {
  return rarity === 'common' ? 2 : rarity === 'rare' ? 20 : 200;
}

/** A percentage for display: whole numbers plainly, otherwise two decimals. */
export function showPercent(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
