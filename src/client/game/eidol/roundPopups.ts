/**
 * Coin and XP pop-ups after a round (spec 1 §4, FACTS.md): compare each eidol before and after `$game`
 * refreshes; "+x ANGLS" gold on a gain, pink on a loss (with its sign), "+N XP" where XP across a level-up
 * counts (old next − old xp) + new xp.
 */
import type { EidolView } from '../../../shared/api/game';
import { anglsUnits, formatAngls } from './numbers';

/** How long pop-ups stay (spec 1 §9). */
export const POPUP_MS = 15_000;

/** One pop-up. */
export interface RoundPopup {
  eidolId: number;
  kind: 'coin' | 'xp';
  text: string;
  /** gain → gold, loss → pink; XP is always a gain. */
  tone: 'gain' | 'loss';
  /** The sound that goes with it. */
  sound: 'coin' | 'loss' | 'levelup' | null;
}

/** XP gained between two views of one eidol (one level-up crossed at most per round). */
export function xpGained(
  before: Pick<EidolView, 'level' | 'experience' | 'next_level_experience'>,
  after: Pick<EidolView, 'level' | 'experience'>,
): number {
  if (after.level > before.level) return before.next_level_experience - before.experience + after.experience;
  return after.experience - before.experience;
}

/** The pop-ups for eidols present in both lists whose value or XP changed. */
export function roundPopups(before: readonly EidolView[], after: readonly EidolView[]): RoundPopup[] {
  const old = new Map(before.map((e) => [e.id, e]));
  const out: RoundPopup[] = [];
  for (const e of after) {
    const b = old.get(e.id);
    if (!b) continue;
    const diff = anglsUnits(e.value) - anglsUnits(b.value);
    if (diff !== 0n) {
      const gain = diff > 0n;
      out.push({
        eidolId: e.id,
        kind: 'coin',
        text: `${gain ? '+' : ''}${formatAngls(diff)} ANGLS`,
        tone: gain ? 'gain' : 'loss',
        sound: gain ? 'coin' : 'loss',
      });
    }
    const xp = xpGained(b, e);
    if (xp > 0) {
      out.push({ eidolId: e.id, kind: 'xp', text: `+${xp} XP`, tone: 'gain', sound: e.level > b.level ? 'levelup' : null });
    }
  }
  return out;
}
