/**
 * The Eggtoplasm questline (spec 2 §2 "Eggtoplasm questline screen", §4 "Questline", §9: jar 7 gDAO,
 * enchant 13): the four steps in order and the one button that moves the player along. Pure.
 */
import { t } from '../../../i18n/t/items';
import { ENCHANT_FEE_GDAO } from './enchantView';

/** gDAO a jar claim costs (spec 2 §9). */
export const JAR_CLAIM_GDAO = 7;

/** The questline texts. */
export const QUEST_TEXTS = {
  ...t.items.quest,
  jarNeeds: t.items.gdaoRequired(JAR_CLAIM_GDAO),
  enchantNeeds: t.items.gdaoRequired(ENCHANT_FEE_GDAO),
};

/** What the player has for the questline. */
export interface QuestFacts {
  emailConfirmed: boolean;
  invited: number;
  gdao: number;
  jars: number;
}

/** One step of the questline and whether it is behind the player. */
export interface QuestStep {
  title: string;
  done: boolean;
}

/** The steps in the spec's order. */
export function questSteps(f: QuestFacts): QuestStep[] {
  return [
    { title: t.common.confirmYourEmail, done: f.emailConfirmed },
    { title: t.items.inviteFriends, done: f.invited > 0 },
    { title: t.items.receiveJar(JAR_CLAIM_GDAO), done: f.jars > 0 },
    { title: t.items.enchantJar(ENCHANT_FEE_GDAO), done: false },
  ];
}

/** What the button does: resend the e-mail, claim the jar, go to the enchant screen, or nothing yet. */
export type QuestAction = 'resend' | 'claim' | 'enchant' | null;

/** The button: text, what a tap does (null: disabled), from the facts and the claim's own state. */
export function questButton(f: QuestFacts, claim: 'idle' | 'busy' | 'done'): { text: string; action: QuestAction } {
  if (claim === 'done') return { text: QUEST_TEXTS.done, action: null };
  if (claim === 'busy') return { text: QUEST_TEXTS.busy, action: null };
  if (!f.emailConfirmed) return { text: QUEST_TEXTS.confirm, action: 'resend' };
  if (f.jars > 0)
    return f.gdao < ENCHANT_FEE_GDAO ? { text: QUEST_TEXTS.enchantNeeds, action: null } : { text: QUEST_TEXTS.enchant, action: 'enchant' };
  if (f.gdao < JAR_CLAIM_GDAO) return { text: QUEST_TEXTS.jarNeeds, action: null };
  return { text: QUEST_TEXTS.claim, action: 'claim' };
}
