/**
 * The train (transmutation at level 11) screen's button, figures and outcome (spec 2 §2 "Train /
 * transmutation-fee screen", §4 "Train", §9 fee and chance). Stage 0 asks the server for the committed
 * attempt (fee, chance, seed hash); stage 1 trains. Pure.
 */
import { t } from '../../../i18n/t/items';
import type { EidolView } from '../../../../shared/api/game';
import type { TrainCommitment, TrainOutcome } from '../../../net/itemActionsApi';
import { anglsUnits } from '../../../game/eidol/numbers';
import {
  actionButton,
  phases,
  INVOKE_TEXT,
  LOCKED_TEXT,
  showPercent,
  transmuteChancePercent,
  transmuteFee,
  type ActionButtonView,
  type FlowView,
  type TextRule,
} from './actionView';

/** The train texts (the spec names the balance text and Invoke Mastership; the rest are ours). */
export const TRAIN_TEXTS = t.items.train;

/** The level an eidol must reach to transmute (spec 2 §9). */
export const TRANSMUTE_LEVEL = 11;

/** The fee in ANGLS units: the commitment's once fetched, else the rarity's (spec 2 §9). */
export function trainFeeUnits(eidol: EidolView, commitment: TrainCommitment | null): bigint {
  return commitment ? anglsUnits(commitment.fee) : anglsUnits(String(transmuteFee(eidol.rarity)));
}

/** Why this eidol cannot train, or ''. */
export function trainRefusal(eidol: EidolView | null, balanceNgls: string, commitment: TrainCommitment | null): string {
  if (!eidol) return TRAIN_TEXTS.noEidol;
  if (eidol.type === 'egg') return TRAIN_TEXTS.egg;
  if (eidol.type === 'ectoplasm') return TRAIN_TEXTS.ecto;
  if (eidol.level < TRANSMUTE_LEVEL) return TRAIN_TEXTS.level;
  if (anglsUnits(balanceNgls) < trainFeeUnits(eidol, commitment)) return TRAIN_TEXTS.balance;
  return '';
}

/**
 * The button; `activation` is where Invoke Mastership leads (null for an activated player); `seedBad`: the
 * player's seed is malformed, so the attempt cannot be sent until it is fixed.
 */
export function trainButton(
  eidol: EidolView | null,
  balanceNgls: string,
  activation: string | null,
  commitment: TrainCommitment | null,
  flow: FlowView,
  seedBad = false,
): ActionButtonView {
  const p = phases(flow.state);
  if (activation !== null && p.idle) return { text: INVOKE_TEXT, disabled: false, error: false };
  const own = p.idle || p.approve ? trainRefusal(eidol, balanceNgls, commitment) : '';
  const refusal = own === '' && seedBad && (p.idle || p.approve) ? t.items.seeds.badSeed : own;
  const rules: TextRule[] = [
    [refusal !== '', refusal],
    [flow.locked && (p.idle || p.approve), LOCKED_TEXT],
    [p.preparing || p.sending, TRAIN_TEXTS.processing],
    [p.approve, TRAIN_TEXTS.approve],
  ];
  return actionButton(flow, rules, TRAIN_TEXTS.idle, refusal !== '');
}

/** The figures: Value, Fee, Yieldy, Precise, Chance (the server's once committed). */
export function trainFigures(eidol: EidolView, commitment: TrainCommitment | null) {
  const chance = commitment ? commitment.chance : transmuteChancePercent(eidol.experience, eidol.next_level_experience);
  return {
    fee: commitment ? commitment.fee : String(transmuteFee(eidol.rarity)),
    yieldy: `${eidol.data.greedy} %`,
    precise: String(eidol.data.precise),
    chance: `${showPercent(chance)} %`,
  };
}

/** The outcome line of an answer (or a socket event): succeeded or failed. */
export function trainOutcomeText(trained: boolean): string {
  return trained ? TRAIN_TEXTS.succeeded : TRAIN_TEXTS.failed;
}

/** Reads a train answer's `trained` flag (null when the answer has none). */
export function trainedOf(result: unknown): boolean | null {
  const r = result as Partial<TrainOutcome> | null;
  return r && typeof r.trained === 'boolean' ? r.trained : null;
}
