/** Who the own avatar is for the movement limits: an active title (senator/patricius) and a Puff item held. */
import type { GameView } from '../../../shared/api/game';
import type { User } from '../../../shared/api/user';
import { titleActive, type Walker } from '../../../shared/rules/world';
import { parseUtc } from '../eidol/riskAngle';

const dateMs = (text: string | null | undefined): number | null => {
  const ms = text ? parseUtc(text) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** Whether the player holds at least one Puff item. */
export function holdsPuff(game: GameView | null): boolean {
  return game?.items.some((i) => i.type.toLowerCase() === 'puff' && i.quantity > 0) ?? false;
}

/** The titles active at `nowMs`, from the round's view (fresher) or else the user. */
export function activeTitles(game: GameView | null, user: User | null, nowMs: number): { senator: boolean; patricius: boolean } {
  return {
    senator: titleActive(dateMs(game?.senator ?? user?.senator), nowMs),
    patricius: titleActive(dateMs(game?.patricius ?? user?.patricius), nowMs),
  };
}

/** The walker for the movement limits. */
export function walkerOf(game: GameView | null, user: User | null, nowMs: number): Walker {
  const t = activeTitles(game, user, nowMs);
  return { titled: t.senator || t.patricius, puff: holdsPuff(game) };
}
